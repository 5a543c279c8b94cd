import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MessageSquareDashed } from "lucide-react";

import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";

const pagedQuery = (overrides: Partial<{ hasNextPage: boolean; isFetchingNextPage: boolean }> = {}) => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  fetchNextPage: jest.fn(() => Promise.resolve()),
  ...overrides,
});

describe("LoadMoreButton", () => {
  it("asks for the next page when clicked", async () => {
    const query = pagedQuery();
    render(<LoadMoreButton query={query} label="Load More Tags" />);
    await userEvent.click(screen.getByRole("button", { name: "Load More Tags" }));
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it("says Loading... and cannot be clicked twice while the page is on its way", () => {
    render(<LoadMoreButton query={pagedQuery({ isFetchingNextPage: true })} label="Load More Tags" />);
    expect(screen.getByRole("button", { name: "Loading..." })).toBeDisabled();
  });

  it("is gone after the last page", () => {
    render(<LoadMoreButton query={pagedQuery({ hasNextPage: false })} label="Load More Tags" />);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("LoadError", () => {
  it("announces the failure and tries again on request", async () => {
    const retry = jest.fn();
    render(<LoadError message="Could not load the tags." onRetry={retry} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Could not load the tags.");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe("EmptyState", () => {
  it("shows its heading, text and action", () => {
    render(
      <EmptyState icon={MessageSquareDashed} title="No Answers Yet" action={<button type="button">Ask Question</button>}>
        Be the first to answer.
      </EmptyState>,
    );
    expect(screen.getByRole("heading", { level: 3, name: "No Answers Yet" })).toBeInTheDocument();
    expect(screen.getByText("Be the first to answer.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ask Question" })).toBeInTheDocument();
  });
});

import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { CommentForm } from "@/components/comments/comment-form";
import { ApiError } from "@/lib/api-client/fetcher";

// Issue 14: a comment refused for a reason the member can act on (a new member's links, the daily
// limit) keeps the draft and shows the server's reason beside it, until the text changes.
describe("comment form refusals", () => {
  const refuse = (status: number, message: string) => jest.fn().mockRejectedValue(new ApiError(status, "", JSON.stringify({ message })));

  it("shows a 400's or 429's message under the draft, and clears it when the text changes", async () => {
    const onSubmit = refuse(400, "New members can include at most 2 links in a post.");
    render(<CommentForm label="Add a comment" submitLabel="Comment" pending={false} onSubmit={onSubmit} />);
    const box = screen.getByRole("textbox", { name: "Add a comment" });
    await userEvent.type(box, "See https://a.example https://b.example https://c.example");
    await userEvent.click(screen.getByRole("button", { name: "Comment" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("New members can include at most 2 links in a post.");
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveValue("See https://a.example https://b.example https://c.example");
    await userEvent.type(box, "!");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows nothing of its own for a server failure (the toast says it)", async () => {
    const onSubmit = refuse(500, "Something went wrong");
    render(<CommentForm label="Add a comment" submitLabel="Comment" pending={false} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole("textbox", { name: "Add a comment" }), "A fine comment");
    await userEvent.click(screen.getByRole("button", { name: "Comment" }));
    expect(onSubmit).toHaveBeenCalled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

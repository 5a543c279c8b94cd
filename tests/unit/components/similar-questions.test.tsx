import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { AskQuestionDialog } from "@/components/question/ask-question-dialog";

import { installDomShims, jsonResponse, renderWithClient } from "./feed-fixtures";

jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() }) }));

beforeAll(installDomShims);

const similar = [
  { id: 12, title: "Why does Postgres ignore my index?", answerCount: 3, hasAcceptedAnswer: true, voteScore: 7, snippet: "The planner expects to find 20 rows quickly." },
  { id: 13, title: "Keyset pagination on a non-unique column", answerCount: 0, hasAcceptedAnswer: false, voteScore: 1, snippet: null },
];

let lookups: URL[];
beforeEach(() => {
  lookups = [];
  global.fetch = jest.fn(async (url: string) => {
    if (url.startsWith("/api/questions/similar")) {
      lookups.push(new URL(url, "http://localhost"));
      return jsonResponse(similar);
    }
    return jsonResponse([]);
  }) as unknown as typeof fetch;
});

describe("the Ask dialog's Similar questions panel", () => {
  it("looks the draft up once typing pauses and lists what it finds, each opening in a new tab", async () => {
    renderWithClient(<AskQuestionDialog open onOpenChange={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Ask a Question" });
    expect(within(dialog).queryByRole("heading", { name: "Similar questions" })).not.toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText("Title"), "Postgres skips my index");
    const panel = await waitFor(() => within(dialog).getByTestId("similar-questions"), { timeout: 3_000 });
    // One lookup for the whole title, not one per key.
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.searchParams.get("title")).toBe("Postgres skips my index");

    const items = within(panel).getAllByTestId("similar-question");
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole("link", { name: "Why does Postgres ignore my index? (opens in a new tab)" })).toHaveAttribute("target", "_blank");
    expect(first.getByRole("link")).toHaveAttribute("href", "/questions/12");
    expect(items[0]).toHaveTextContent("7 votes");
    expect(items[0]).toHaveTextContent("3 answers");
    expect(items[0]).toHaveTextContent("Answered");
    expect(items[0]).toHaveTextContent("The planner expects to find 20 rows quickly.");
    expect(items[1]).toHaveTextContent("0 answers");
    expect(items[1]).not.toHaveTextContent("Answered");
  });

  it("does not look up a title of fewer than three letters", async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderWithClient(<AskQuestionDialog open onOpenChange={() => {}} />);
      await user.type(within(screen.getByRole("dialog", { name: "Ask a Question" })).getByLabelText("Title"), "pg");
      act(() => jest.advanceTimersByTime(2_000));
      expect(lookups).toHaveLength(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it("puts the panel in a column beside the form on a wide screen, and under the title on a narrow one", async () => {
    const original = window.matchMedia;
    let wide = true;
    const listeners = new Set<() => void>();
    const fake = ((query: string) => ({
      get matches() {
        return query === "(min-width: 1024px)" && wide;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })) as unknown as typeof window.matchMedia;
    Object.defineProperty(window, "matchMedia", { configurable: true, writable: true, value: fake });
    try {
      renderWithClient(<AskQuestionDialog open onOpenChange={() => {}} />);
      const dialog = screen.getByRole("dialog", { name: "Ask a Question" });
      const side = within(dialog).getByTestId("ask-dialog-side");
      expect(side).toHaveTextContent("As you type, questions already asked like yours");
      await userEvent.type(within(dialog).getByLabelText("Title"), "Postgres skips my index");
      await waitFor(() => within(side).getByTestId("similar-questions"), { timeout: 3_000 });

      wide = false;
      act(() => listeners.forEach((listener) => listener()));
      expect(within(dialog).queryByTestId("ask-dialog-side")).not.toBeInTheDocument();
      expect(within(dialog).getByTestId("similar-questions")).toBeInTheDocument();
    } finally {
      Object.defineProperty(window, "matchMedia", { configurable: true, writable: true, value: original });
    }
  });
});


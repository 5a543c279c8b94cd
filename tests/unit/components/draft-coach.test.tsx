import { useState, type ReactElement } from "react";
import { render as renderPlain, screen } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import userEvent from "@testing-library/user-event";

import { DraftCoach } from "@/components/question/draft-coach";

import { makeQueryClient } from "@/lib/api-client/query-client";

import { jsonResponse } from "./feed-fixtures";

// The Ask dialog's coaching (issue 17): suggestions shown beside the draft, each dismissed for good;
// with a provider, the model's suggestions (POST /api/ai/coach) join the heuristic ones.
function Harness({ title, description = "", ai = false }: { title: string; description?: string; ai?: boolean }) {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  return <DraftCoach title={title} description={description} aiSuggestions={ai} dismissed={dismissed} onDismiss={(key) => setDismissed((was) => new Set(was).add(key))} />;
}
// The query client wraps rerenders too.
const render = (ui: ReactElement) => {
  const client = makeQueryClient();
  return renderPlain(ui, { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
};

let coachCalls: unknown[];
beforeEach(() => {
  coachCalls = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === "/api/ai/coach") {
      coachCalls.push(JSON.parse(String(init?.body)));
      return jsonResponse({ suggestions: ["Which version of Node do you run?", "<b>Say</b> what the CI log shows."] });
    }
    return jsonResponse([]);
  }) as unknown as typeof fetch;
});

describe("DraftCoach", () => {
  it("shows nothing for a good draft", () => {
    render(<Harness title="Why does useEffect run twice in development?" />);
    expect(screen.queryByRole("complementary")).not.toBeInTheDocument();
  });

  it("suggests, and a dismissed suggestion stays away while the draft changes", async () => {
    const { rerender } = render(<Harness title="Help with error" />);
    const coach = screen.getByRole("complementary", { name: "Suggestions" });
    expect(coach).toHaveTextContent(/The title is vague/);
    await userEvent.click(screen.getByRole("button", { name: "Dismiss this suggestion" }));
    expect(screen.queryByText(/The title is vague/)).not.toBeInTheDocument();
    rerender(<Harness title="Problem, please help" />);
    expect(screen.queryByText(/The title is vague/)).not.toBeInTheDocument();
  });

  it("lists every suggestion the description calls for", () => {
    render(<Harness title="Why does my build stop on CI but not locally?" description={"It crashes with an error on the test step every single time.\nconst a = build();\nrun(a) {"} />);
    const items = screen.getAllByRole("listitem").map((li) => li.getAttribute("data-suggestion"));
    expect(items).toEqual(["codeUnformatted", "errorNotQuoted", "nothingTried"]);
  });

  it("adds the model's suggestions as plain text when a provider is configured, each dismissable", async () => {
    const description = "It works on my laptop but the pipeline stops at the test step. I tried clearing the cache.";
    const { rerender } = render(<Harness ai title="Why does my build stop on CI but not locally?" description={description} />);
    const first = await screen.findByText("Which version of Node do you run?", undefined, { timeout: 5_000 });
    expect(first.closest("li")).toHaveAttribute("data-suggestion", "ai");
    // Markup in the model's reply stays text.
    expect(screen.getByText("<b>Say</b> what the CI log shows.")).toBeInTheDocument();
    expect(coachCalls).toEqual([{ title: "Why does my build stop on CI but not locally?", description, locale: "en" }]);
    const dismiss = first.closest("li")!.querySelector("button")!;
    await userEvent.click(dismiss);
    expect(screen.queryByText("Which version of Node do you run?")).not.toBeInTheDocument();
    rerender(<Harness ai title="Why does my build stop on CI but not locally?" description={description} />);
    expect(screen.queryByText("Which version of Node do you run?")).not.toBeInTheDocument();
  });
});

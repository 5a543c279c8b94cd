import { useState } from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { DraftCoach } from "@/components/question/draft-coach";
import type { CoachingKind } from "@/lib/coaching";

// The Ask dialog's coaching (issue 17): suggestions shown beside the draft, each dismissed for good.
function Harness({ title, description = "" }: { title: string; description?: string }) {
  const [dismissed, setDismissed] = useState<ReadonlySet<CoachingKind>>(new Set());
  return <DraftCoach title={title} description={description} dismissed={dismissed} onDismiss={(kind) => setDismissed((was) => new Set(was).add(kind))} />;
}

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
});

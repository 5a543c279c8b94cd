import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { RevisionDiff, TagDiff } from "@/components/revisions/revision-diff";
import { RevisionHistory } from "@/components/revisions/revision-history";
import { diffMarkdown, diffTags, diffText } from "@/lib/revisions/diff";
import type { AnswerRevisionJson, QuestionRevisionJson } from "@/lib/server/revisions/presenters";

import { jsonResponse, mockFetch, renderWithClient } from "./answer-fixtures";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }) }));
jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const grace = { id: "u2", firstName: "Grace", lastName: "Hopper", profileImageUrl: null, handle: "grace" };

describe("diffMarkdown", () => {
  it("compares prose word by word", () => {
    expect(diffMarkdown("Use a map here.", "Use a Map here, or an object.")).toEqual([
      { kind: "equal", text: "Use a ", code: false },
      { kind: "delete", text: "map", code: false },
      { kind: "insert", text: "Map", code: false },
      { kind: "equal", text: " here", code: false },
      { kind: "insert", text: ", or an object", code: false },
      { kind: "equal", text: ".", code: false },
    ]);
  });

  it("compares fenced code line by line", () => {
    const before = "Try this:\n\n```js\nconst a = 1;\nconst b = 2;\n```\n";
    const after = "Try this:\n\n```js\nconst a = 1;\nconst b = 3;\n```\n";
    const changed = diffMarkdown(before, after).filter((p) => p.kind !== "equal");
    expect(changed).toEqual([
      { kind: "delete", text: "const b = 2;\n", code: true },
      { kind: "insert", text: "const b = 3;\n", code: true },
    ]);
  });

  it("does not mark a last line that only gained a line break", () => {
    const parts = diffMarkdown("Text\n\n```\ncode\n```", "Text\n\n```\ncode\n```\n\nMore");
    expect(parts.filter((p) => p.kind === "delete")).toEqual([]);
    expect(parts.filter((p) => p.kind === "insert").map((p) => p.text).join("")).toBe("\n\nMore");
  });

  it("puts the two versions back together: equal+delete is the old text, equal+insert the new", () => {
    const before = "A paragraph.\n\n~~~\ncode\n~~~\n\nThe end.";
    const after = "A longer paragraph.\n\n~~~\ncode changed\nmore\n~~~\n\nThe end!";
    for (const [x, y] of [[before, after], [after, before], [`${before}\n`, after], [before, `${after}\n\n`], ["", after], [before, ""], ["x", "x\ny"], ["x\ny", "x"], ["\n", "a\n\nb"], ["a\n\nb", "\n"]] as const) {
      const parts = diffMarkdown(x, y);
      expect(parts.filter((p) => p.kind !== "insert").map((p) => p.text).join("")).toBe(x);
      expect(parts.filter((p) => p.kind !== "delete").map((p) => p.text).join("")).toBe(y);
    }
  });

  it("diffs titles by word and tags as a set", () => {
    expect(diffText("Old title", "New title").map((p) => p.kind)).toEqual(["delete", "insert", "equal"]);
    expect(diffTags(["react", "hooks"], ["react", "state"])).toEqual([
      { name: "react", kind: "equal" },
      { name: "state", kind: "insert" },
      { name: "hooks", kind: "delete" },
    ]);
  });
});

describe("RevisionDiff", () => {
  it("marks insertions with <ins> and deletions with <del>, announced in words", () => {
    render(<RevisionDiff label="Content of revision 2" parts={diffMarkdown("Use a map.", "Use a Map.")} />);
    const diff = screen.getByRole("group", { name: "Content of revision 2" });
    const ins = diff.querySelector("ins")!;
    const del = diff.querySelector("del")!;
    expect(ins).toHaveTextContent("[added: Map]");
    expect(del).toHaveTextContent("[removed: map]");
    expect(ins.className).toContain("underline");
    expect(del.className).toContain("line-through");
    expect(diff).toHaveTextContent("Use a");
  });

  it("starts each changed code line with a visible + or −", () => {
    render(<RevisionDiff label="d" parts={diffMarkdown("```\na\n```", "```\nb\nc\n```")} />);
    const diff = screen.getByRole("group", { name: "d" });
    expect(diff.querySelector("ins")!.textContent).toBe("[added: + b\n+ c\n]");
    expect(diff.querySelector("del")!.textContent).toBe("[removed: − a\n]");
  });

  it("shows markup in the source as text, never as elements", () => {
    render(<RevisionDiff label="d" parts={diffMarkdown("Hi", 'Hi <script>window.__xss=1</script><img src=x onerror="alert(1)">')} />);
    const diff = screen.getByRole("group", { name: "d" });
    expect(diff.querySelector("script, img")).toBeNull();
    expect(diff).toHaveTextContent('<script>window.__xss=1</script><img src=x onerror="alert(1)">');
  });

  it("lists added and removed tags", () => {
    render(<TagDiff tags={diffTags(["react", "hooks"], ["react", "state"])} />);
    const list = screen.getByRole("list", { name: "Tags" });
    expect(list.querySelector("ins")).toHaveTextContent("state");
    expect(list.querySelector("del")).toHaveTextContent("hooks");
  });
});

describe("RevisionHistory", () => {
  const answerRevisions: AnswerRevisionJson[] = [
    { number: 3, content: "One", summary: "Rolled back to revision 1", rollbackOf: 1, createdAt: "2026-11-25T12:00:00.000Z", editor: grace },
    { number: 2, content: "Two", summary: "typo", rollbackOf: null, createdAt: "2026-11-25T11:00:00.000Z", editor: grace },
    { number: 1, content: "One", summary: null, rollbackOf: null, createdAt: "2026-11-25T10:00:00.000Z", editor: grace },
  ];

  it("shows each revision newest first with its editor, summary and diff; Roll back on the older ones", async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    renderWithClient(<RevisionHistory kind="answers" postId={5} revisions={answerRevisions} canRollback />);
    const items = within(screen.getByRole("list", { name: "Revisions, newest first" })).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole("heading", { name: "Revision 3" })).toBeInTheDocument();
    expect(within(items[0]!).getByText("Current")).toBeInTheDocument();
    expect(within(items[0]!).getByText("Rolled back to revision 1")).toBeInTheDocument();
    expect(within(items[0]!).getByRole("link", { name: "Grace Hopper" })).toHaveAttribute("href", "/users/u2");
    expect(within(items[0]!).queryByRole("button")).toBeNull();
    expect(within(items[1]!).getByRole("group", { name: "Content of revision 2" }).querySelector("ins")).toHaveTextContent("Two");
    // Revision 1 is shown whole, with nothing marked.
    expect(within(items[2]!).getByRole("group", { name: "Content of revision 1" }).querySelector("ins, del")).toBeNull();

    await userEvent.click(within(items[2]!).getByRole("button", { name: "Roll back to revision 1" }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith("/api/answers/5/revisions/1/rollback", expect.objectContaining({ method: "POST" }));
  });

  it("offers no Roll back to those who may not, and diffs a question's title, description and tags", () => {
    const questionRevisions: QuestionRevisionJson[] = [
      { number: 2, title: "How do refs work now?", description: "New", tags: ["react"], summary: null, rollbackOf: null, createdAt: "2026-11-25T11:00:00.000Z", editor: grace },
      { number: 1, title: "How do refs work?", description: "Old", tags: ["react", "hooks"], summary: null, rollbackOf: null, createdAt: "2026-11-25T10:00:00.000Z", editor: grace },
    ];
    renderWithClient(<RevisionHistory kind="questions" postId={1} revisions={questionRevisions} canRollback={false} />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("group", { name: "Title of revision 2" }).querySelector("ins")).toHaveTextContent("[added: now]");
    expect(screen.getByRole("group", { name: "Description of revision 2" }).querySelector("del")).toHaveTextContent("Old");
    expect(screen.getAllByRole("list", { name: "Tags" })[0]!.querySelector("del")).toHaveTextContent("hooks");
  });
});

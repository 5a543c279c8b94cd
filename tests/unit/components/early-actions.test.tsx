import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { GenerateAiAnswer } from "@/components/answer/generate-ai-answer";
import { GroupActions } from "@/components/groups/group-actions";
import type { Group } from "@/lib/api-client/groups";
import { EARLY_GLOBAL, EARLY_SCRIPT, type EarlyState } from "@/lib/early/script";
import { markHydrated, replayEarlyPresses } from "@/lib/early/replay-presses";
import { useEarlyAction } from "@/lib/early/use-early-action";

import { jsonResponse, mockFetch, renderWithClient } from "./answer-fixtures";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() }) }));

// The early script as the root layout runs it: before any component, listening on window.
const removers: (() => void)[] = [];
beforeAll(() => {
  const add = window.addEventListener.bind(window);
  const spy = jest.spyOn(window, "addEventListener").mockImplementation((type, listener, options) => {
    add(type, listener, options);
    removers.push(() => window.removeEventListener(type, listener, options));
  });
  new Function(EARLY_SCRIPT)();
  spy.mockRestore();
});
afterAll(() => removers.forEach((remove) => remove()));
beforeEach(() => {
  const state = (window as unknown as Record<string, EarlyState>)[EARLY_GLOBAL]!;
  state.queue.length = 0;
  state.presses.length = 0;
  state.ready = false;
  document.body.innerHTML = "";
});

const earlyState = () => (window as unknown as Record<string, EarlyState>)[EARLY_GLOBAL]!;

/** Server-rendered markup a person can click before React owns it. */
function serverMarkup(html: string) {
  const host = document.createElement("div");
  host.innerHTML = html;
  document.body.appendChild(host);
  return host;
}

function Owner({ id, onReplay }: { id: string; onReplay: (data: FormData | null) => void }) {
  useEarlyAction(id, onReplay);
  return (
    <button type="button" data-early={id} onClick={() => onReplay(null)}>
      Owned
    </button>
  );
}

describe("the early script", () => {
  it("keeps a click on a control no component owns yet, without letting it through", () => {
    const host = serverMarkup('<button type="button" data-early="vote:1:up">Upvote</button><a href="/?ask=1" data-early="ask">Ask Question</a>');
    const bubbled = jest.fn();
    document.addEventListener("click", bubbled);
    const button = host.querySelector("button")!;
    expect(fireEvent.click(button)).toBe(false);
    const link = host.querySelector("a")!;
    // preventDefault: the link is not followed.
    expect(fireEvent.click(link)).toBe(false);
    expect(earlyState().queue.map((e) => e.key)).toEqual(["vote:1:up", "ask"]);
    expect(button.hasAttribute("data-early-pending")).toBe(true);
    expect(bubbled).not.toHaveBeenCalled();
    document.removeEventListener("click", bubbled);
  });

  it("lets a modified click (a new tab), links and, once the page has hydrated, other buttons through", () => {
    const host = serverMarkup('<a href="#ask" data-early="ask">Ask Question</a><a href="#members">Members</a><button type="button">Other</button>');
    expect(fireEvent.click(host.querySelector("a")!, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(host.querySelector("a[href='#members']")!)).toBe(true);
    const button = host.querySelector("button")!;
    expect(fireEvent.click(button, { shiftKey: true })).toBe(true);
    markHydrated();
    expect(fireEvent.click(button)).toBe(true);
    expect(button.hasAttribute("data-early-pending")).toBe(false);
    expect(earlyState().queue).toEqual([]);
  });

  it("keeps a form's fields as they were when it was submitted", () => {
    const host = serverMarkup('<form data-early="generate:3"><textarea name="prompt"></textarea><button type="submit">Generate Answer</button></form>');
    host.querySelector("textarea")!.value = "Explain it simply";
    fireEvent.submit(host.querySelector("form")!);
    const [entry] = earlyState().queue;
    expect(entry!.key).toBe("generate:3");
    expect(entry!.data!.get("prompt")).toBe("Explain it simply");
  });
});

/** What React leaves on an element it has hydrated (lib/early/replay-presses.ts reads it). */
const hydrate = (el: Element) => Object.assign(el, { "__reactProps$test": {} });

describe("presses on unkeyed controls before the page hydrates", () => {
  it("keeps a button's press and repeats it whole, once, on the same element when the page has hydrated", () => {
    const host = serverMarkup('<ul><li><span>Daniel</span><button type="button" aria-label="Approve Daniel"><svg></svg> Approve</button></li></ul>');
    const button = host.querySelector("button")!;
    const seen: string[] = [];
    const listen = (type: string) => document.addEventListener(type, () => seen.push(type));
    ["pointerdown", "mousedown", "pointerup", "mouseup", "click"].forEach(listen);
    // The press lands on the icon inside, twice: nothing of it reaches the page.
    fireEvent.pointerDown(button.querySelector("svg")!);
    fireEvent.mouseDown(button.querySelector("svg")!);
    // A mouse's click counts its presses in `detail` (a key's is 0).
    expect(fireEvent.click(button.querySelector("svg")!, { detail: 1 })).toBe(false);
    fireEvent.click(button, { detail: 1 });
    expect(seen).toEqual([]);
    expect(button.hasAttribute("data-early-pending")).toBe(true);

    // Hydration keeps the element; the root's first commit replays the press on it.
    hydrate(button);
    markHydrated();
    replayEarlyPresses();
    const pointer = typeof PointerEvent === "function" ? ["pointerdown", "pointerup"] : [];
    expect([...seen].sort()).toEqual([...pointer, "mousedown", "mouseup", "click"].sort());
    expect(seen.filter((type) => type === "click")).toHaveLength(1);
    expect(seen.indexOf("mousedown")).toBeLessThan(seen.indexOf("click"));
    expect(button.hasAttribute("data-early-pending")).toBe(false);
    // From then on a press goes straight through.
    seen.length = 0;
    fireEvent.pointerDown(button);
    fireEvent.click(button);
    expect(seen).toEqual(["pointerdown", "click"]);
  });

  it("repeats a press made with a key as a key would: focus and click, no pointer", () => {
    const host = serverMarkup('<button type="button">Follow</button>');
    const button = host.querySelector("button")!;
    fireEvent.click(button, { detail: 0 });
    const seen: string[] = [];
    for (const type of ["pointerdown", "mousedown", "click"]) button.addEventListener(type, () => seen.push(type));
    hydrate(button);
    replayEarlyPresses();
    expect(seen).toEqual(["click"]);
    expect(document.activeElement).toBe(button);
  });

  it("waits for React to own an element (a Suspense boundary still hydrating) before repeating its press", () => {
    jest.useFakeTimers();
    try {
      const host = serverMarkup('<button type="button">Join Group</button>');
      const button = host.querySelector("button")!;
      fireEvent.click(button);
      const clicked = jest.fn();
      button.addEventListener("click", clicked);
      replayEarlyPresses();
      jest.advanceTimersByTime(500);
      expect(clicked).not.toHaveBeenCalled();
      expect(button.hasAttribute("data-early-pending")).toBe(true);
      hydrate(button);
      jest.advanceTimersByTime(100);
      expect(clicked).toHaveBeenCalledTimes(1);
      expect(button.hasAttribute("data-early-pending")).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it("keeps a submitted form and submits it again, and drops a press on an element hydration replaced", () => {
    const host = serverMarkup('<form><input name="q" value="rust"><button type="submit">Search</button></form><button type="button" role="tab">Old</button>');
    const form = host.querySelector("form")!;
    expect(fireEvent.submit(form)).toBe(false);
    const tab = host.querySelector("[role=tab]")!;
    fireEvent.click(tab);
    expect(earlyState().presses.map((press) => press.el)).toEqual([form, tab]);
    tab.remove();
    const submitted = jest.fn((event: Event) => event.preventDefault());
    form.addEventListener("submit", submitted);
    const clicked = jest.fn();
    tab.addEventListener("click", clicked);
    hydrate(form);
    replayEarlyPresses();
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(clicked).not.toHaveBeenCalled();
    expect(earlyState().presses).toEqual([]);
  });

  it("leaves a form that works without React (an action address) to the browser", () => {
    const host = serverMarkup('<form action="/search" method="get"><input name="q" value="rust"><button>Search</button></form>');
    const form = host.querySelector("form")!;
    const submitted = jest.fn((event: Event) => event.preventDefault());
    form.addEventListener("submit", submitted);
    host.querySelector("button")!.click();
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(fireEvent.submit(form)).toBe(false); // the listener's preventDefault, not the script's
    expect(submitted).toHaveBeenCalledTimes(2);
    expect(earlyState().presses).toEqual([]);
  });

  it("gives a keyed form's submit button's click to the submit it causes, with the form's fields", () => {
    const host = serverMarkup('<form data-early="generate:4"><textarea name="prompt"></textarea><button type="submit">Generate</button></form>');
    host.querySelector("textarea")!.value = "Shorter, please";
    host.querySelector("button")!.click();
    expect(earlyState().presses).toEqual([]);
    const [entry] = earlyState().queue;
    expect(entry!.key).toBe("generate:4");
    expect(entry!.data!.get("prompt")).toBe("Shorter, please");
  });
});

describe("useEarlyAction", () => {
  it("replays the last kept action once its owner mounts, then leaves later clicks to React", () => {
    serverMarkup('<button type="button" data-early="vote:9:up">Upvote</button>');
    fireEvent.click(screen.getByText("Upvote"));
    fireEvent.click(screen.getByText("Upvote"));
    const replay = jest.fn();
    render(<Owner id="vote:9:up" onReplay={replay} />);
    expect(replay).toHaveBeenCalledTimes(1);
    expect(earlyState().queue).toEqual([]);
    expect(screen.getByText("Upvote").hasAttribute("data-early-pending")).toBe(false);

    fireEvent.click(screen.getByText("Owned"));
    expect(replay).toHaveBeenCalledTimes(2);
    expect(earlyState().queue).toEqual([]);
  });

  it("replays nothing when nothing was clicked, and keeps other keys for their owners", () => {
    serverMarkup('<button type="button" data-early="ask">Ask Question</button>');
    fireEvent.click(screen.getByText("Ask Question"));
    const replay = jest.fn();
    render(<Owner id="vote:1:down" onReplay={replay} />);
    expect(replay).not.toHaveBeenCalled();
    expect(earlyState().queue.map((e) => e.key)).toEqual(["ask"]);
  });
});

describe("Generate AI Answer before hydration", () => {
  it("generates from the prompt that was in the box when Generate was pressed", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ content: "A short answer, long enough to post.", provenance: "p" }));
    const early = new FormData();
    early.set("prompt", "Explain it for a beginner");
    earlyState().queue.push({ key: "generate:5", data: early });
    renderWithClient(<GenerateAiAnswer questionId={5} />);
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/questions/5/generate-preview",
        expect.objectContaining({ body: JSON.stringify({ customPrompt: "Explain it for a beginner" }) }),
      ),
    );
    expect(screen.getByRole("textbox", { name: "Custom prompt" })).toHaveValue("Explain it for a beginner");
  });

  it("reads the prompt from the field, so text typed before hydration is not lost", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ content: "A short answer, long enough to post.", provenance: "p" }));
    renderWithClient(<GenerateAiAnswer questionId={6} />);
    const field = screen.getByRole("textbox", { name: "Custom prompt" }) as HTMLTextAreaElement;
    // Typed into the server's markup: the field has it, React's state does not.
    field.value = "Typed before hydration";
    await userEvent.click(screen.getByRole("button", { name: "Generate Answer" }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/questions/6/generate-preview",
        expect.objectContaining({ body: JSON.stringify({ customPrompt: "Typed before hydration" }) }),
      ),
    );
  });
});

describe("the group page's New Post", () => {
  it("opens the post dialog once the page hydrates when it was pressed before", async () => {
    const host = serverMarkup('<button type="button" data-early="group-post">New Post</button>');
    fireEvent.click(host.querySelector("button")!);
    expect(earlyState().queue.map((e) => e.key)).toEqual(["group-post"]);

    const group = {
      id: 7, name: "Rust Learners", description: null, rules: null, profileImageUrl: null, headerImageUrl: null, isPrivate: false,
      memberCount: 2, questionCount: 0, createdAt: "2026-03-05T10:00:00.000Z", updatedAt: "2026-03-05T10:00:00.000Z", creatorId: "u1",
      creator: { id: "u1", firstName: "Ada", lastName: "Lovelace", handle: "ada" }, isMember: true, hasRequested: false, invitation: null,
      viewerCan: { join: false, leave: true, edit: false, post: true, viewContent: true, reviewRequests: false, invite: false },
    } as unknown as Group;
    const onNewPost = jest.fn();
    host.remove(); // hydration replaces the server's markup
    renderWithClient(<GroupActions group={group} onNewPost={onNewPost} />);
    await waitFor(() => expect(onNewPost).toHaveBeenCalledTimes(1));
    expect(earlyState().queue).toEqual([]);
    // From then on React handles the button itself.
    await userEvent.click(screen.getByRole("button", { name: "New Post" }));
    expect(onNewPost).toHaveBeenCalledTimes(2);
  });
});

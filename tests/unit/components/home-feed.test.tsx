import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { parseFeedState, type FeedState } from "@/components/home/feed-filter";
import { HomeFeed } from "@/components/home/home-feed";
import { QuestionFeed } from "@/components/home/question-feed";
import { FEED_REFRESH_MS } from "@/lib/api-client/questions";
import type { ListPage } from "@/lib/api-client/paging";
import type { QuestionSummary } from "@/lib/api-client/questions";

import { dismissToasts, installDomShims, jsonResponse, makeSummary, renderWithClient } from "./feed-fixtures";

// useSearchParams follows the address, as the app router's does after history.pushState/replaceState.
jest.mock("next/navigation", () => {
  const React = jest.requireActual<typeof import("react")>("react");
  const listeners = new Set<() => void>();
  for (const method of ["pushState", "replaceState"] as const) {
    const original = window.history[method].bind(window.history);
    window.history[method] = (...args: Parameters<History["pushState"]>) => {
      original(...args);
      listeners.forEach((listener) => listener());
    };
  }
  return {
    useSearchParams: () => {
      const search = React.useSyncExternalStore(
        (listener: () => void) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        () => window.location.search,
      );
      return React.useMemo(() => new URLSearchParams(search), [search]);
    },
    usePathname: () => window.location.pathname,
    useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() }),
  };
});

beforeAll(installDomShims);
afterEach(dismissToasts);

let fetchMock: jest.Mock;
beforeEach(() => {
  window.history.replaceState(null, "", "/");
  fetchMock = jest.fn(async (url: string) => {
    if (url.startsWith("/api/questions?") || url.startsWith("/api/feed")) {
      return jsonResponse([makeSummary({ title: `Fetched from ${url}` })], 200, { "X-Total-Count": "1" });
    }
    if (url.startsWith("/api/tags")) return jsonResponse([]);
    return jsonResponse({ message: "Not found" }, 404);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

function page(items: QuestionSummary[], nextCursor: string | null = null, total = items.length): ListPage<QuestionSummary> {
  return { items, nextCursor, total };
}

function stateAt(address: string): FeedState {
  window.history.replaceState(null, "", address);
  const url = new URL(address, "http://localhost");
  return parseFeedState((name) => url.searchParams.get(name));
}

function renderFeed(address: string, initialPage: ListPage<QuestionSummary>) {
  return renderWithClient(<QuestionFeed initialState={stateAt(address)} initialPage={initialPage} groups={[]} />);
}

const lastUrl = () => String(fetchMock.mock.calls.at(-1)?.[0]);

describe("QuestionFeed tabs", () => {
  it("starts on Newest with the server's page, its title and the question count", () => {
    renderFeed("/", page([makeSummary({ title: "Server-rendered question" }), makeSummary()], null, 42));
    expect(screen.getByRole("heading", { level: 1, name: "Newest Questions" })).toBeInTheDocument();
    expect(screen.getByText("42 questions")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Newest" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("Server-rendered question")).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Newest", "Popular", "Frequent", "Following"]);
    // The first page came from the server: nothing is fetched.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("preselects Popular from ?filter=popular", () => {
    renderFeed("/?filter=popular", page([makeSummary()]));
    expect(screen.getByRole("tab", { name: "Popular" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("heading", { level: 1, name: "Popular Questions" })).toBeInTheDocument();
  });

  it("switches tabs: title, address and the list's order change, with three placeholders while loading", async () => {
    let release: () => void = () => {};
    const answered = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce((url: string) => new Promise((resolve) => (release = () => resolve(answered(url)))));
    renderFeed("/", page([makeSummary()]));
    await userEvent.click(screen.getByRole("tab", { name: "Frequent" }));
    expect(screen.getByRole("heading", { level: 1, name: "Frequently Viewed Questions" })).toBeInTheDocument();
    expect(window.location.search).toBe("?filter=frequent");
    expect(screen.getAllByTestId("feed-skeleton")).toHaveLength(3);
    act(() => release());
    expect(await screen.findByRole("link", { name: /Fetched from \/api\/questions\?sort=views/ })).toBeInTheDocument();
    expect(screen.queryByTestId("feed-skeleton")).not.toBeInTheDocument();
    expect(document.title).toBe("Frequently Viewed Questions");

    await userEvent.click(screen.getByRole("tab", { name: "Following" }));
    expect(screen.getByRole("heading", { level: 1, name: "Following" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: /Fetched from \/api\/feed/ })).toBeInTheDocument();
    // Following takes no filters.
    expect(screen.queryByRole("button", { name: /Filter/ })).not.toBeInTheDocument();
  });

  it("shows the spec's empty states", async () => {
    renderFeed("/", page([]));
    expect(screen.getByText("No questions available yet. Be the first to ask!")).toBeInTheDocument();
    // A real link (a press before hydration still leads to the dialog), opening it in place.
    const ask = screen.getByRole("link", { name: "Ask the First Question" });
    expect(ask).toHaveAttribute("href", "/?ask=1");
    await userEvent.click(ask);
    expect(await screen.findByRole("dialog", { name: "Ask a Question" })).toBeInTheDocument();
  });

  it("shows the Following empty state", () => {
    renderFeed("/?filter=following", page([]));
    expect(screen.getByText("No questions from users or topics you follow yet. Try following some topics or users!")).toBeInTheDocument();
  });

  it("opens the Ask dialog for ?ask=1 and removes the parameter", async () => {
    renderFeed("/?ask=1", page([makeSummary()]));
    expect(await screen.findByRole("dialog", { name: "Ask a Question" })).toBeInTheDocument();
    expect(window.location.search).toBe("");
  });

  it("loads the next page with the cursor of X-Next-Cursor", async () => {
    renderFeed("/", page([makeSummary({ title: "First page question" })], "CURSOR1", 2));
    await userEvent.click(screen.getByRole("button", { name: "Load More Questions" }));
    expect(await screen.findByRole("link", { name: /Fetched from/ })).toBeInTheDocument();
    expect(lastUrl()).toBe("/api/questions?sort=newest&limit=20&cursor=CURSOR1");
    expect(screen.getByText("First page question")).toBeInTheDocument();
    // The fetched page had no X-Next-Cursor: that was the last one.
    expect(screen.queryByRole("button", { name: "Load More Questions" })).not.toBeInTheDocument();
  });

  it("reads the list again every 30 seconds", async () => {
    jest.useFakeTimers();
    try {
      renderFeed("/", page([makeSummary()]));
      expect(FEED_REFRESH_MS).toBe(30_000);
      expect(fetchMock).not.toHaveBeenCalled();
      await act(async () => {
        jest.advanceTimersByTime(30_000);
      });
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(lastUrl()).toBe("/api/questions?sort=newest&limit=20");
    } finally {
      jest.useRealTimers();
    }
  });
});

describe("QuestionFeed filters", () => {
  it("shows active filters as chips and clears them all", async () => {
    renderFeed("/?answers=unanswered&tag=react&sort=activity", page([makeSummary()]));
    const chips = screen.getByRole("group", { name: "Active filters" });
    expect(within(chips).getByText("Recent activity")).toBeInTheDocument();
    expect(within(chips).getByText("Unanswered")).toBeInTheDocument();
    expect(within(chips).getByText("react")).toBeInTheDocument();

    await userEvent.click(within(chips).getByRole("button", { name: "Clear all" }));
    expect(screen.queryByRole("group", { name: "Active filters" })).not.toBeInTheDocument();
    expect(window.location.search).toBe("");
    expect(await screen.findByRole("link", { name: /Fetched from/ })).toBeInTheDocument();
    expect(lastUrl()).toBe("/api/questions?sort=newest&limit=20");
  });

  it("removes one chip at a time", async () => {
    renderFeed("/?answers=answered&tag=react", page([makeSummary()]));
    await userEvent.click(screen.getByRole("button", { name: "Remove filter Tagged with react" }));
    expect(window.location.search).toBe("?answers=answered");
    expect(within(screen.getByRole("group", { name: "Active filters" })).queryByText("react")).not.toBeInTheDocument();
    await waitFor(() => expect(lastUrl()).toBe("/api/questions?sort=newest&answers=answered&limit=20"));
  });

  it("applies the Filter dialog's choices with the spec's labels", async () => {
    renderFeed("/", page([makeSummary()]));
    await userEvent.click(screen.getByRole("button", { name: /Filter/ }));
    const dialog = await screen.findByRole("dialog", { name: "Filter Questions" });
    expect(within(dialog).getAllByRole("radio").map((r) => r.closest("label")?.textContent)).toEqual([
      "Newest",
      "Recent activity",
      "Highest score",
      "Most frequent",
      "No answers",
      "Answered",
      "Unanswered",
      "No accepted answer",
    ]);
    await userEvent.click(within(dialog).getByRole("radio", { name: "Highest score" }));
    await userEvent.click(within(dialog).getByRole("radio", { name: "Unanswered" }));
    await userEvent.type(within(dialog).getByLabelText("Tagged with"), "  TypeScript ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Apply Filters" }));

    const chips = await screen.findByRole("group", { name: "Active filters" });
    expect(chips).toHaveTextContent("Sorted by:Highest score");
    expect(chips).toHaveTextContent("Filter by:Unanswered");
    expect(chips).toHaveTextContent("Tagged with:typescript");
    expect(window.location.search).toBe("?sort=votes&answers=unanswered&tag=typescript");
    await waitFor(() => expect(lastUrl()).toBe("/api/questions?sort=votes&answers=unanswered&tag=typescript&limit=20"));
  });

  it("filters to the questions with no accepted answer", async () => {
    renderFeed("/", page([makeSummary()]));
    await userEvent.click(screen.getByRole("button", { name: /Filter/ }));
    const dialog = await screen.findByRole("dialog", { name: "Filter Questions" });
    await userEvent.click(within(dialog).getByRole("radio", { name: "No accepted answer" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Apply Filters" }));
    expect(await screen.findByRole("group", { name: "Active filters" })).toHaveTextContent("Filter by:No accepted answer");
    expect(window.location.search).toBe("?answers=notAccepted");
    await waitFor(() => expect(lastUrl()).toBe("/api/questions?sort=newest&answers=notAccepted&limit=20"));
  });

  it("says when nothing matches the filters", async () => {
    fetchMock.mockImplementation(async () => jsonResponse([], 200, { "X-Total-Count": "0" }));
    renderFeed("/", page([makeSummary()]));
    await userEvent.click(screen.getByRole("button", { name: /Filter/ }));
    const dialog = await screen.findByRole("dialog", { name: "Filter Questions" });
    await userEvent.click(within(dialog).getByRole("radio", { name: "Answered" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Apply Filters" }));
    expect(await screen.findByText("No questions match these filters.")).toBeInTheDocument();
    expect(screen.getByText("0 questions")).toBeInTheDocument();
  });
});

describe("QuestionFeed page size (Settings > Preferences > Questions per page)", () => {
  it("HomeFeed hands the member's size to Load More", async () => {
    renderWithClient(<HomeFeed state={stateAt("/")} page={page([makeSummary()], "CURSOR1", 30)} pageSize={25} groups={[]} />);
    // The feed is a member's island, loaded on demand (components/home/member-feed-islands.tsx).
    await userEvent.click(await screen.findByRole("button", { name: "Load More Questions" }));
    expect(await screen.findByRole("link", { name: /Fetched from/ })).toBeInTheDocument();
    expect(lastUrl()).toBe("/api/questions?sort=newest&limit=25&cursor=CURSOR1");
  });

  it("refreshes with the same size every 30 seconds", async () => {
    jest.useFakeTimers();
    try {
      renderWithClient(<QuestionFeed initialState={stateAt("/?filter=popular")} initialPage={page([makeSummary()])} pageSize={50} />);
      await act(async () => {
        jest.advanceTimersByTime(FEED_REFRESH_MS);
      });
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(lastUrl()).toBe("/api/questions?sort=votes&limit=50");
    } finally {
      jest.useRealTimers();
    }
  });

  it("reads the Following feed and other tabs with the same size", async () => {
    renderWithClient(<QuestionFeed initialState={stateAt("/")} initialPage={page([makeSummary()])} pageSize={10} />);
    await userEvent.click(screen.getByRole("tab", { name: "Following" }));
    expect(await screen.findByRole("link", { name: /Fetched from \/api\/feed/ })).toBeInTheDocument();
    expect(lastUrl()).toBe("/api/feed?limit=10");
    await userEvent.click(screen.getByRole("tab", { name: "Frequent" }));
    await waitFor(() => expect(lastUrl()).toBe("/api/questions?sort=views&limit=10"));
  });

  it("never shows cached pages of another size", () => {
    const first = renderWithClient(
      <QuestionFeed initialState={stateAt("/")} initialPage={page([makeSummary({ title: "Page of ten" })])} pageSize={10} />,
    );
    first.unmount();
    // The member changed their size: the server's new first page is used, not the cached one.
    renderWithClient(
      <QuestionFeed initialState={stateAt("/")} initialPage={page([makeSummary({ title: "Page of twenty-five" })])} pageSize={25} />,
      first.client,
    );
    expect(screen.getByText("Page of twenty-five")).toBeInTheDocument();
    expect(screen.queryByText("Page of ten")).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("QuestionFeed for visitors (/questions, issue 19)", () => {
  function renderVisitorList(address: string, initialPage: ListPage<QuestionSummary>) {
    return renderWithClient(<QuestionFeed initialState={stateAt(address)} initialPage={initialPage} visitor />);
  }

  it("offers the feed's tabs but Following, and Ask Question as a sign-in link", () => {
    renderVisitorList("/questions", page([makeSummary({ title: "A public question" })], null, 7));
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Newest", "Popular", "Frequent"]);
    expect(screen.getByText("7 questions")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in to ask" })).toHaveAttribute("href", "/login?callbackUrl=%2F%3Fask%3D1");
    expect(screen.queryByRole("button", { name: /Ask Question/ })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("keeps its address under /questions when the tab changes, and reads ?filter=following as Newest", async () => {
    renderVisitorList("/questions?filter=following", page([makeSummary()]));
    expect(screen.getByRole("heading", { level: 1, name: "Newest Questions" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Popular" }));
    expect(window.location.pathname).toBe("/questions");
    expect(window.location.search).toBe("?filter=popular");
    await waitFor(() => expect(lastUrl()).toContain("sort=votes"));
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/api/feed"))).toBe(false);
  });

  it("links the empty state's Ask the First Question to the sign-in page, and ignores ?ask=1", () => {
    renderVisitorList("/questions?ask=1", page([]));
    expect(screen.getByRole("link", { name: "Ask the First Question" })).toHaveAttribute("href", "/login?callbackUrl=%2F%3Fask%3D1");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createTranslator } from "next-intl";

import { SearchResults } from "@/components/search/search-results";
import { TagDirectory, tagCountText } from "@/components/tags/tag-directory";
import { TagHeader } from "@/components/tags/tag-header";
import { TagQuestions } from "@/components/tags/tag-questions";
import { messagesByLocale } from "@/messages";
import { IntlProvider } from "@/tests/support/intl";

import { dismissToasts, installDomShims, jsonResponse, makeSummary, makeTag, renderWithClient } from "./feed-fixtures";

beforeAll(installDomShims);
afterEach(dismissToasts);

let fetchMock: jest.Mock;
beforeEach(() => {
  window.history.replaceState(null, "", "/");
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    if (method === "POST" && /\/api\/tags\/\d+\/follow/.test(url)) return jsonResponse({ isFollowing: true, followerCount: 3 });
    if (method === "DELETE" && /\/api\/tags\/\d+\/follow/.test(url)) return jsonResponse({ isFollowing: false, followerCount: 2 });
    if (url.startsWith("/api/tags/1/questions")) return jsonResponse([makeSummary({ title: `Sorted by ${url}` })], 200, { "X-Total-Count": "1" });
    if (url.startsWith("/api/tags?search=")) return jsonResponse([makeTag({ id: 9, name: "rust" })], 200, { "X-Total-Count": "1" });
    if (url.startsWith("/api/tags?")) return jsonResponse([makeTag({ id: 1 })], 200, { "X-Total-Count": "1" });
    return jsonResponse({ message: "Not found" }, 404);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe("TagDirectory", () => {
  it("words the count as the spec does, and in German", () => {
    const t = createTranslator({ locale: "en", messages: messagesByLocale.en, namespace: "tags.directory" });
    expect(tagCountText(t, 12, "")).toBe("12 tags available");
    expect(tagCountText(t, 3, "ja")).toBe("Found 3 tags matching “ja”");
    const de = createTranslator({ locale: "de", messages: messagesByLocale.de, namespace: "tags.directory" });
    expect(tagCountText(de, 1, "")).toBe("1 Tag verfügbar");
  });

  it("shows a tag page's header and sort buttons in German", () => {
    renderWithClient(
      <IntlProvider locale="de">
        <TagHeader tag={makeTag({ id: 1, name: "react" })} stats={{ questionCount: 1234, followerCount: 1 }} signedIn initialIsFollowing={false} />
        <TagQuestions tag={{ id: 1, name: "react" }} initialSort="newest" initialPage={{ items: [], nextCursor: null, total: 0 }} />
      </IntlProvider>,
    );
    expect(screen.getByText("1.234 Fragen")).toBeInTheDocument();
    expect(screen.getByText("1 Follower")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Folgen/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Meiste Stimmen" })).toBeInTheDocument();
    expect(screen.getByText("Noch keine Fragen")).toBeInTheDocument();
  });

  it("lists tags with their counts, Follow for members and View Questions", async () => {
    const tags = [makeTag({ id: 1, name: "react", _count: { questions: 5, followers: 2 } }), makeTag({ id: 2, name: "go" })];
    renderWithClient(
      <TagDirectory initialSearch="" initialPage={{ items: tags, nextCursor: null, total: 2 }} initialFollowing={{ 1: true, 2: false }} signedIn />,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Explore Tags" })).toBeInTheDocument();
    expect(screen.getByText("2 tags available")).toBeInTheDocument();
    const react = screen.getAllByRole("article")[0]!;
    expect(within(react).getByText("5 questions")).toBeInTheDocument();
    expect(within(react).getByText("2 followers")).toBeInTheDocument();
    expect(within(react).getByRole("button", { name: /Unfollow/ })).toBeInTheDocument();
    expect(within(react).getByRole("link", { name: /View Questions/ })).toHaveAttribute("href", "/tags/react");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows no Follow button to visitors", () => {
    renderWithClient(<TagDirectory initialSearch="" initialPage={{ items: [makeTag()], nextCursor: null, total: 1 }} initialFollowing={{}} signedIn={false} />);
    expect(screen.queryByRole("button", { name: /Follow/ })).not.toBeInTheDocument();
  });

  it("searches by name and keeps the search in the address", async () => {
    renderWithClient(<TagDirectory initialSearch="" initialPage={{ items: [makeTag()], nextCursor: null, total: 1 }} initialFollowing={{}} signedIn={false} />);
    await userEvent.type(screen.getByLabelText("Search tags by name"), "Ru");
    expect(await screen.findByText("Found 1 tag matching “ru”")).toBeInTheDocument();
    expect(screen.getByText("rust")).toBeInTheDocument();
    expect(window.location.search).toBe("?search=ru");
    expect(fetchMock).toHaveBeenCalledWith("/api/tags?search=ru&limit=24", expect.anything());
  });

  it("follows a tag with 'Tag Followed'", async () => {
    renderWithClient(
      <TagDirectory initialSearch="" initialPage={{ items: [makeTag({ id: 1 })], nextCursor: null, total: 1 }} initialFollowing={{ 1: false }} signedIn />,
    );
    await userEvent.click(screen.getByRole("button", { name: /^Follow/ }));
    expect(await screen.findByText("Tag Followed")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Unfollow/ })).toBeInTheDocument();
  });
});

describe("Tag page", () => {
  it("keeps the follower count current after unfollowing", async () => {
    renderWithClient(<TagHeader tag={makeTag({ id: 1 })} stats={{ questionCount: 5, followerCount: 3 }} signedIn initialIsFollowing />);
    expect(screen.getByText("3 followers")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: /Unfollow/ }));
    expect(await screen.findByText("Tag Unfollowed")).toBeInTheDocument();
    expect(screen.getByText("2 followers")).toBeInTheDocument();
  });

  it("shows 'Failed to update follow status. Please try again.' when following fails", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ message: "Boom" }, 500));
    renderWithClient(<TagHeader tag={makeTag({ id: 1 })} stats={{ questionCount: 5, followerCount: 3 }} signedIn initialIsFollowing={false} />);
    await userEvent.click(screen.getByRole("button", { name: /^Follow/ }));
    expect(await screen.findByText("Failed to update follow status. Please try again.")).toBeInTheDocument();
  });

  it("sorts the questions with Newest, Active and Most Votes", async () => {
    renderWithClient(
      <TagQuestions tag={{ id: 1, name: "react" }} initialSort="newest" initialPage={{ items: [makeSummary({ title: "Server first" })], nextCursor: null, total: 1 }} />,
    );
    const group = screen.getByRole("group", { name: "Sort questions" });
    expect(within(group).getAllByRole("button").map((b) => b.textContent)).toEqual(["Newest", "Active", "Most Votes"]);
    expect(within(group).getByRole("button", { name: "Newest" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(within(group).getByRole("button", { name: "Most Votes" }));
    expect(await screen.findByRole("link", { name: /Sorted by \/api\/tags\/1\/questions\?sort=votes/ })).toBeInTheDocument();
    expect(window.location.search).toBe("?sort=votes");
    await userEvent.click(within(group).getByRole("button", { name: "Active" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/tags/1/questions?sort=active&limit=20", expect.anything()));
  });

  it("says 'No questions yet' for a tag without questions", () => {
    renderWithClient(<TagQuestions tag={{ id: 1, name: "react" }} initialSort="newest" initialPage={{ items: [], nextCursor: null, total: 0 }} />);
    expect(screen.getByText("No questions yet")).toBeInTheDocument();
  });
});

describe("SearchResults", () => {
  it("shows the count and the highlighted snippets", () => {
    const result = { ...makeSummary({ title: "Closures in JavaScript" }), snippet: "How do <mark>closures</mark> capture variables?" };
    renderWithClient(<SearchResults q="closures" initialPage={{ items: [result], nextCursor: null, total: 1 }} />);
    expect(screen.getByText("1 result for “closures”")).toBeInTheDocument();
    const mark = screen.getByText("closures", { selector: "mark" });
    expect(mark.parentElement).toHaveTextContent("How do closures capture variables?");
    expect(screen.getByRole("link", { name: "Closures in JavaScript" })).toHaveAttribute("href", `/questions/${result.id}`);
  });

  it("says '300+ results' when the total reached the cap the server ranks (a common word)", () => {
    const result = { ...makeSummary({ title: "Caching in PostgreSQL" }), snippet: "<mark>cache</mark>" };
    renderWithClient(<SearchResults q="cache" initialPage={{ items: [result], nextCursor: "next", total: 300 }} />);
    expect(screen.getByText("300+ results for “cache”")).toBeInTheDocument();
  });

  it("counts exactly below the cap", () => {
    const result = { ...makeSummary({ title: "Caching in PostgreSQL" }), snippet: "<mark>cache</mark>" };
    renderWithClient(<SearchResults q="cache" initialPage={{ items: [result], nextCursor: "next", total: 299 }} />);
    expect(screen.getByText("299 results for “cache”")).toBeInTheDocument();
  });

  it("has an empty state", () => {
    renderWithClient(<SearchResults q="zzz" initialPage={{ items: [], nextCursor: null, total: 0 }} />);
    expect(screen.getByText("0 results for “zzz”")).toBeInTheDocument();
    expect(screen.getByText("No questions match “zzz”.")).toBeInTheDocument();
  });
});

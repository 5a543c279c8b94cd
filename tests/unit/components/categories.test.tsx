import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { CategoryHeader } from "@/components/categories/category-header";
import { TagDirectory, groupTagsByCategory } from "@/components/tags/tag-directory";
import type { CategoryDetail } from "@/lib/api-client/categories";

import { dismissToasts, installDomShims, jsonResponse, makeTag, renderWithClient } from "./feed-fixtures";

beforeAll(installDomShims);
afterEach(dismissToasts);

const web = { id: 1, name: "Web Development", color: "#2563eb", description: "Building for the browser." };
const infra = { id: 2, name: "Infrastructure", color: "#059669", description: null };

const category = (overrides: Partial<CategoryDetail> = {}): CategoryDetail => ({
  ...web,
  createdAt: "2026-01-01T00:00:00.000Z",
  _count: { tags: 2, followers: 3 },
  isFollowing: false,
  tags: [],
  ...overrides,
});

let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    if (method === "POST" && url === "/api/categories/1/follow") return jsonResponse({ isFollowing: true, followerCount: 4 });
    if (method === "DELETE" && url === "/api/categories/1/follow") return jsonResponse({ isFollowing: false, followerCount: 3 });
    return jsonResponse({ message: "Not found" }, 404);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe("groupTagsByCategory", () => {
  it("groups in the categories' order, keeps each list's order, and puts tags without a known category under Other", () => {
    const tags = [
      makeTag({ id: 1, name: "docker", categoryId: 2 }),
      makeTag({ id: 2, name: "react", categoryId: 1 }),
      makeTag({ id: 3, name: "misc", categoryId: null }),
      makeTag({ id: 4, name: "css", categoryId: 1 }),
      makeTag({ id: 5, name: "orphan", categoryId: 99 }),
    ];
    const sections = groupTagsByCategory(tags, [infra, web, { ...web, id: 3, name: "Empty" }]);
    expect(sections.map((s) => [s.category?.name ?? "Other", s.tags.map((t) => t.name)])).toEqual([
      ["Infrastructure", ["docker"]],
      ["Web Development", ["react", "css"]],
      ["Other", ["misc", "orphan"]],
    ]);
  });
});

describe("TagDirectory with categories", () => {
  it("shows a section per category with a link to its page, and Other last", () => {
    const tags = [makeTag({ id: 1, name: "react", categoryId: 1 }), makeTag({ id: 2, name: "misc", categoryId: null })];
    renderWithClient(
      <TagDirectory initialSearch="" initialPage={{ items: tags, nextCursor: null, total: 2 }} initialFollowing={{}} signedIn={false} categories={[web, infra]} />,
    );
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(["Web Development", "Other"]);
    expect(within(screen.getByRole("list", { name: "Tags in Web Development" })).getByText("react")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Other tags" })).getByText("misc")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /View category Web Development/ })).toHaveAttribute("href", "/categories/1");
    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(2);
  });
});

describe("CategoryHeader", () => {
  it("shows the counts and description, and visitors a sign-in link instead of Follow", () => {
    renderWithClient(<CategoryHeader initialCategory={category()} questionCount={7} signedIn={false} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Web Development");
    expect(screen.getByText("Building for the browser.")).toBeInTheDocument();
    expect(screen.getByText("2 tags")).toBeInTheDocument();
    expect(screen.getByText("7 questions")).toBeInTheDocument();
    expect(screen.getByText("3 followers")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Follow/ })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in to follow" })).toHaveAttribute("href", "/login?callbackUrl=%2Fcategories%2F1");
  });

  it("follows and unfollows with the spec's toasts, keeping the follower count current", async () => {
    renderWithClient(<CategoryHeader initialCategory={category()} questionCount={7} signedIn />);
    await userEvent.click(screen.getByRole("button", { name: /^Follow/ }));
    expect(await screen.findByText("Category Followed")).toBeInTheDocument();
    expect(screen.getByText("4 followers")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: /^Unfollow/ }));
    expect(await screen.findByText("Category Unfollowed")).toBeInTheDocument();
    expect(screen.getByText("3 followers")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/categories/1/follow", expect.objectContaining({ method: "POST" }));
  });

  it("says 'Failed to update follow status. Please try again.' when following fails", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ message: "Boom" }, 500));
    renderWithClient(<CategoryHeader initialCategory={category()} questionCount={0} signedIn />);
    await userEvent.click(screen.getByRole("button", { name: /^Follow/ }));
    expect(await screen.findByText("Failed to update follow status. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Follow/ })).toBeInTheDocument();
  });
});

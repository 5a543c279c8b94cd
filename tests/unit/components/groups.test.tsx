import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { GroupCard } from "@/components/groups/group-card";
import { GroupFormDialog } from "@/components/groups/group-form-dialog";
import { GroupPage } from "@/components/groups/group-page";
import { GroupsDirectory } from "@/components/groups/groups-directory";
import type { Group } from "@/lib/api-client/groups";
import { IntlProvider } from "@/tests/support/intl";

import { dismissToasts, installDomShims, jsonResponse, makeSummary, renderWithClient } from "./feed-fixtures";

const router = { push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() };
let searchParams = new URLSearchParams();
jest.mock("next/navigation", () => ({
  useRouter: () => router,
  usePathname: () => "/groups",
  useSearchParams: () => searchParams,
}));

beforeAll(installDomShims);
afterEach(dismissToasts);

function makeGroup(overrides: Partial<Group> = {}): Group {
  return {
    id: 7,
    name: "Rust Learners",
    description: "Borrowing, lifetimes and friends.",
    rules: "Be kind.",
    profileImageUrl: null,
    headerImageUrl: null,
    isPrivate: false,
    memberCount: 12,
    questionCount: 3,
    createdAt: "2026-03-05T10:00:00.000Z",
    updatedAt: "2026-03-05T10:00:00.000Z",
    creatorId: "u1",
    creator: { id: "u1", firstName: "Ada", lastName: "Lovelace", handle: "ada" },
    isMember: false,
    hasRequested: false,
    invitation: null,
    viewerCan: { join: true, leave: false, edit: false, post: false, viewContent: true, reviewRequests: false, invite: false },
    ...overrides,
  };
}

let requests: { method: string; url: string; body: unknown }[];
let answer: (method: string, url: string) => ReturnType<typeof jsonResponse>;
beforeEach(() => {
  requests = [];
  searchParams = new URLSearchParams();
  Object.values(router).forEach((fn) => fn.mockClear());
  answer = (method, url) => {
    if (method === "POST" && url === "/api/groups") return jsonResponse(makeGroup({ id: 42, name: "Created", isMember: true }), 201);
    if (method === "GET" && url.startsWith("/api/groups")) return jsonResponse([], 200, { "X-Total-Count": "0" });
    return jsonResponse({ message: "Not found" }, 404);
  };
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return answer(method, url);
  }) as unknown as typeof fetch;
});

const writes = () => requests.filter((r) => r.method !== "GET");

function openCreate() {
  renderWithClient(<GroupFormDialog mode="create" open onOpenChange={() => {}} />);
  return screen.getByRole("dialog", { name: "Create Group" });
}

describe("Create Group dialog", () => {
  it("shows 'Group name is required' on an empty submit, and sends nothing", async () => {
    const dialog = openCreate();
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Group" }));
    expect(await within(dialog).findByText("Group name is required")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Group name")).toHaveAttribute("aria-invalid", "true");
    expect(writes()).toEqual([]);
  });

  it("shows the spec's length and image messages", async () => {
    const dialog = openCreate();
    fireEvent.change(within(dialog).getByLabelText("Group name"), { target: { value: "n".repeat(101) } });
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: "d".repeat(501) } });
    fireEvent.change(within(dialog).getByLabelText(/Rules/), { target: { value: "r".repeat(1001) } });
    fireEvent.change(within(dialog).getByLabelText("Profile image"), { target: { value: "javascript:alert(1)" } });
    fireEvent.change(within(dialog).getByLabelText("Header image"), { target: { value: "not a url" } });
    expect(within(dialog).getByText("101/100")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Group" }));
    expect(await within(dialog).findByText("Group name must be 100 characters or less")).toBeInTheDocument();
    expect(within(dialog).getByText("Description must be 500 characters or less")).toBeInTheDocument();
    expect(within(dialog).getByText("Rules must be 1000 characters or less")).toBeInTheDocument();
    expect(within(dialog).getByText("Profile image must be a valid URL")).toBeInTheDocument();
    expect(within(dialog).getByText("Header image must be a valid URL")).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it("posts the cleaned form and toasts 'Group created successfully!'", async () => {
    const onSaved = jest.fn();
    renderWithClient(<GroupFormDialog mode="create" open onOpenChange={() => {}} onSaved={onSaved} />);
    const dialog = screen.getByRole("dialog", { name: "Create Group" });
    await userEvent.type(within(dialog).getByLabelText("Group name"), "  Rust Learners ");
    await userEvent.type(within(dialog).getByLabelText(/Description/), "All things Rust");
    fireEvent.change(within(dialog).getByLabelText("Header image"), { target: { value: "/uploads/abc.webp" } });
    await userEvent.click(within(dialog).getByRole("switch", { name: "Private group" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Group" }));
    expect(await screen.findByText("Group created successfully!")).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: "POST",
        url: "/api/groups",
        body: { name: "Rust Learners", description: "All things Rust", rules: null, profileImageUrl: null, headerImageUrl: "/uploads/abc.webp", isPrivate: true },
      },
    ]);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 42 })));
  });

  it("shows the server's message when creating fails", async () => {
    answer = () => jsonResponse({ message: "Something is off with this group" }, 409);
    const dialog = openCreate();
    await userEvent.type(within(dialog).getByLabelText("Group name"), "Dupes");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Group" }));
    expect(await screen.findAllByText("Something is off with this group")).not.toHaveLength(0);
  });

  it("falls back to 'Failed to create group' without a server message", async () => {
    answer = () => jsonResponse(null, 500);
    const dialog = openCreate();
    await userEvent.type(within(dialog).getByLabelText("Group name"), "Broken");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Group" }));
    expect(await screen.findAllByText("Failed to create group")).not.toHaveLength(0);
  });
});

describe("Edit Group dialog", () => {
  it("starts from the group, sends the changes with 'Update Group' and toasts the success", async () => {
    const group = makeGroup({ isMember: true, viewerCan: { join: false, leave: false, edit: true, post: true, viewContent: true, reviewRequests: false, invite: true } });
    answer = (method) => (method === "PATCH" ? jsonResponse({ ...group, name: "Rustaceans" }) : jsonResponse(group));
    renderWithClient(<GroupFormDialog mode="edit" group={group} trigger={<button type="button">Edit</button>} />);
    await userEvent.click(screen.getByRole("button", { name: "Edit" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Group" });
    expect(within(dialog).getByLabelText("Group name")).toHaveValue("Rust Learners");
    expect(within(dialog).getByLabelText(/Rules/)).toHaveValue("Be kind.");
    await userEvent.clear(within(dialog).getByLabelText("Group name"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Update Group" }));
    expect(await within(dialog).findByText("Group name is required")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText("Group name"), "Rustaceans");
    await userEvent.click(within(dialog).getByRole("button", { name: "Update Group" }));
    expect(await screen.findByText("Group updated successfully!")).toBeInTheDocument();
    expect(writes()[0]).toMatchObject({ method: "PATCH", url: "/api/groups/7", body: { name: "Rustaceans", rules: "Be kind.", isPrivate: false } });
  });

  it("toasts 'Failed to update group. Please try again.' when the update fails", async () => {
    const group = makeGroup({ viewerCan: { join: false, leave: false, edit: true, post: true, viewContent: true, reviewRequests: false, invite: true } });
    answer = () => jsonResponse({ message: "Nope" }, 500);
    renderWithClient(<GroupFormDialog mode="edit" group={group} open onOpenChange={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Update Group" }));
    expect(await screen.findByText("Failed to update group. Please try again.")).toBeInTheDocument();
  });
});

describe("GroupCard", () => {
  it("shows the group's facts and Join Group, and toasts 'Joined group successfully!'", async () => {
    answer = (method) =>
      method === "POST"
        ? jsonResponse({ status: "joined", message: "Joined group successfully!", group: makeGroup({ isMember: true }) })
        : jsonResponse([]);
    renderWithClient(<GroupCard group={makeGroup()} />);
    expect(screen.getByRole("link", { name: "Rust Learners" })).toHaveAttribute("href", "/groups/7");
    expect(screen.getByText("12 members")).toBeInTheDocument();
    expect(screen.getByText("3 questions")).toBeInTheDocument();
    expect(screen.getByText("Mar 5, 2026")).toBeInTheDocument();
    expect(screen.getByText("Ada Lovelace")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: /Join Group/ }));
    expect(await screen.findByText("Joined group successfully!")).toBeInTheDocument();
    expect(writes()).toEqual([{ method: "POST", url: "/api/groups/7/join", body: undefined }]);
    await waitFor(() => expect(router.refresh).toHaveBeenCalled());
  });

  it("shows the server's message when joining fails", async () => {
    answer = () => jsonResponse({ message: "You are already a member of this group" }, 409);
    renderWithClient(<GroupCard group={makeGroup()} />);
    await userEvent.click(screen.getByRole("button", { name: /Join Group/ }));
    expect(await screen.findByText("You are already a member of this group")).toBeInTheDocument();
  });

  it("shows the Member badge, or Requested for a pending private request, and a Private badge", () => {
    const { unmount } = renderWithClient(<GroupCard group={makeGroup({ isMember: true, viewerCan: { ...makeGroup().viewerCan, join: false } })} />);
    expect(screen.getByText("Member")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Join Group/ })).not.toBeInTheDocument();
    unmount();
    renderWithClient(<GroupCard group={makeGroup({ isPrivate: true, hasRequested: true })} />);
    expect(screen.getByText("Requested")).toBeInTheDocument();
    expect(screen.getByText("Private")).toBeInTheDocument();
  });
});

describe("GroupsDirectory", () => {
  const empty = { items: [], nextCursor: null, total: 0 };

  it("opens Create Group for ?create=true and takes it out of the address", async () => {
    searchParams = new URLSearchParams("create=true");
    renderWithClient(<GroupsDirectory initial={{ search: "", joined: empty, discover: empty }} />);
    expect(screen.getByRole("dialog", { name: "Create Group" })).toBeInTheDocument();
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/groups", { scroll: false }));
  });

  it("shows Your Groups and Discover Groups, and 'No groups yet' when there are none", () => {
    renderWithClient(<GroupsDirectory initial={{ search: "", joined: empty, discover: empty }} />);
    expect(screen.getByRole("heading", { level: 1, name: "Groups" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Your Groups" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Discover Groups" })).toBeInTheDocument();
    expect(screen.getByText("No groups yet")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows Search Results, or 'No groups found', while searching", () => {
    const { unmount } = renderWithClient(
      <GroupsDirectory initial={{ search: "rust", results: { items: [makeGroup()], nextCursor: null, total: 1 } }} />,
    );
    expect(screen.getByRole("heading", { name: "Search Results" })).toBeInTheDocument();
    expect(screen.getByText("1 group")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Your Groups" })).not.toBeInTheDocument();
    unmount();
    renderWithClient(<GroupsDirectory initial={{ search: "zzz", results: empty }} />);
    expect(screen.getByText("No groups found")).toBeInTheDocument();
  });
});

describe("GroupPage", () => {
  const canMember = { join: false, leave: true, edit: false, post: true, viewContent: true, reviewRequests: false, invite: false };
  const canCreator = { join: false, leave: false, edit: true, post: true, viewContent: true, reviewRequests: true, invite: true };
  const canOutsider = { join: true, leave: false, edit: false, post: false, viewContent: false, reviewRequests: false, invite: false };

  it("shows a private group's header but not its posts to a non-member, who can ask to join", async () => {
    const group = makeGroup({ isPrivate: true, viewerCan: canOutsider });
    let current = group;
    answer = (method) => {
      if (method !== "POST") return jsonResponse(current);
      current = { ...group, hasRequested: true, viewerCan: { ...canOutsider, join: false } };
      return jsonResponse({ status: "requested", message: "Your request to join has been sent.", group: current });
    };
    renderWithClient(<GroupPage initialGroup={group} initialSearch="" />);
    expect(screen.getByRole("heading", { level: 1, name: "Rust Learners" })).toBeInTheDocument();
    expect(screen.getByText("Private")).toBeInTheDocument();
    expect(screen.getByText("12 members")).toBeInTheDocument();
    expect(screen.getByText("3 posts")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "This group is private" })).toBeInTheDocument();
    expect(screen.queryByPlaceholderText("Search posts in this group...")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "New Post" })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url.includes("/questions"))).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Join Group" }));
    expect(await screen.findByText("Request sent")).toBeInTheDocument();
    expect(await screen.findByText("Requested")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel Request" })).toBeInTheDocument();
  });

  it("gives a member the posts, their search, New Post prefilled with the group, and Leave Group", async () => {
    const group = makeGroup({ isMember: true, viewerCan: canMember });
    const post = makeSummary({ id: 5, title: "How do lifetimes work?", group: { id: 7, name: "Rust Learners", isPrivate: false } });
    renderWithClient(<GroupPage initialGroup={group} initialSearch="" initialPosts={{ items: [post], nextCursor: null, total: 1 }} />);
    expect(screen.getByRole("link", { name: "How do lifetimes work?" })).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Search posts in this group...")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Leave Group" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "New Post" }));
    const ask = screen.getByRole("dialog", { name: "Ask a Question" });
    expect(within(ask).getByRole("combobox", { name: "Group" })).toHaveTextContent("Rust Learners");
  });

  it("gives the creator Edit and the pending join requests with Approve and Decline, but no Leave Group", async () => {
    const group = makeGroup({ isPrivate: true, isMember: true, viewerCan: canCreator });
    const request = { id: 1, groupId: 7, userId: "u9", user: { id: "u9", firstName: "Tom", lastName: "Reed", profileImageUrl: null, handle: "tom" }, createdAt: "2026-03-06T10:00:00.000Z" };
    let current = group;
    let pending = [request];
    answer = (method, url) => {
      if (method === "POST" && url.endsWith("/approve")) {
        current = { ...group, memberCount: 13 };
        pending = [];
        return jsonResponse({ userId: "u9", status: "approved", memberCount: 13 });
      }
      if (url.includes("/requests")) return jsonResponse(pending);
      if (url === "/api/groups/7") return jsonResponse(current);
      return jsonResponse([]);
    };
    renderWithClient(<GroupPage initialGroup={group} initialSearch="" initialPosts={{ items: [], nextCursor: null, total: 0 }} initialRequests={[request]} />);
    expect(screen.getByRole("button", { name: "Edit" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Leave Group" })).not.toBeInTheDocument();
    expect(screen.getByText("No posts yet")).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Pending join requests" });
    expect(within(list).getByText("Tom Reed")).toBeInTheDocument();
    await userEvent.click(within(list).getByRole("button", { name: "Approve Tom Reed" }));
    expect(await screen.findByText("Request approved")).toBeInTheDocument();
    expect(writes()).toEqual([{ method: "POST", url: "/api/groups/7/requests/u9/approve", body: undefined }]);
    expect(await screen.findByText("No pending requests")).toBeInTheDocument();
    expect(screen.getByText("13 members")).toBeInTheDocument();
  });

  it("lets the creator find a member by name, invite them and withdraw the invitation", async () => {
    const group = makeGroup({ isMember: true, viewerCan: canCreator });
    const dan = { id: "u5", firstName: "Daniel", lastName: "Kim", profileImageUrl: null, handle: "daniel" };
    let pending: unknown[] = [];
    answer = (method, url) => {
      if (method === "GET" && url.startsWith("/api/users?")) return jsonResponse(url.includes("search=dan") ? [dan] : []);
      if (method === "POST" && url === "/api/groups/7/invitations") {
        const invitation = { id: 3, groupId: 7, userId: "u5", user: dan, invitedBy: { id: "u1", firstName: "Ada", lastName: "Lovelace", profileImageUrl: null, handle: "ada" }, createdAt: "2026-03-06T10:00:00.000Z" };
        pending = [invitation];
        return jsonResponse(invitation, 201);
      }
      if (method === "DELETE" && url === "/api/groups/7/invitations/u5") {
        pending = [];
        return jsonResponse(null, 204);
      }
      if (url.includes("/invitations")) return jsonResponse(pending);
      if (url === "/api/groups/7") return jsonResponse(group);
      return jsonResponse([]);
    };
    renderWithClient(<GroupPage initialGroup={group} initialSearch="" initialPosts={{ items: [], nextCursor: null, total: 0 }} initialInvitations={[]} />);
    const card = screen.getByRole("region", { name: "Invite Members" });
    expect(within(card).getByText("No pending invitations")).toBeInTheDocument();
    await userEvent.type(within(card).getByLabelText("Find a member by name or handle"), "dan");
    const found = await within(card).findByRole("list", { name: "Members found" });
    expect(within(found).getByText("@daniel")).toBeInTheDocument();
    await userEvent.click(within(found).getByRole("button", { name: "Invite Daniel Kim" }));
    expect(await screen.findByText("Invitation sent")).toBeInTheDocument();
    expect(writes()).toEqual([{ method: "POST", url: "/api/groups/7/invitations", body: { userId: "u5" } }]);
    const list = await within(card).findByRole("list", { name: "Pending invitations" });
    expect(within(found).getByText("Invited")).toBeInTheDocument();
    await userEvent.click(within(list).getByRole("button", { name: "Withdraw the invitation to Daniel Kim" }));
    expect(await screen.findByText("Invitation withdrawn")).toBeInTheDocument();
    expect(writes()[1]).toEqual({ method: "DELETE", url: "/api/groups/7/invitations/u5", body: undefined });
    expect(await within(card).findByText("No pending invitations")).toBeInTheDocument();
  });

  it("shows an invited member who invited them, with Accept invitation (joins, no request) and no Join Group", async () => {
    const invitation = { userId: "u5", invitedBy: { id: "u1", firstName: "Ada", lastName: "Lovelace", handle: "ada" }, createdAt: "2026-03-06T10:00:00.000Z" };
    const group = makeGroup({ isPrivate: true, invitation, viewerCan: canOutsider });
    const joined = { ...group, isMember: true, memberCount: 13, invitation: null, viewerCan: canMember };
    answer = (method, url) => {
      if (method === "POST" && url === "/api/groups/7/join") return jsonResponse({ status: "joined", message: "Joined group successfully!", group: joined });
      if (url === "/api/groups/7") return jsonResponse(joined);
      return jsonResponse([], 200, { "X-Total-Count": "0" });
    };
    renderWithClient(<GroupPage initialGroup={group} initialSearch="" />);
    const notice = screen.getByRole("region", { name: "You're invited to join this group" });
    expect(notice).toHaveTextContent("Ada Lovelace invited you");
    expect(screen.queryByRole("button", { name: "Join Group" })).not.toBeInTheDocument();
    expect(within(notice).getByRole("button", { name: "Decline" })).toBeInTheDocument();
    await userEvent.click(within(notice).getByRole("button", { name: "Accept invitation" }));
    expect(await screen.findByText("Joined group successfully!")).toBeInTheDocument();
    expect(writes()).toEqual([{ method: "POST", url: "/api/groups/7/join", body: undefined }]);
    expect(screen.queryByRole("region", { name: "You're invited to join this group" })).not.toBeInTheDocument();
    expect(router.refresh).toHaveBeenCalled();
  });

  it("lets an invited member decline", async () => {
    const invitation = { userId: "u5", invitedBy: { id: "u1", firstName: "Ada", lastName: "Lovelace", handle: "ada" }, createdAt: "2026-03-06T10:00:00.000Z" };
    const group = makeGroup({ isPrivate: true, invitation, viewerCan: canOutsider });
    answer = (method, url) => (method === "DELETE" ? jsonResponse(null, 204) : url === "/api/groups/7" ? jsonResponse({ ...group, invitation: null }) : jsonResponse([]));
    renderWithClient(<GroupPage initialGroup={group} initialSearch="" />);
    await userEvent.click(screen.getByRole("button", { name: "Decline" }));
    expect(await screen.findByText("Invitation declined")).toBeInTheDocument();
    expect(writes()).toEqual([{ method: "DELETE", url: "/api/groups/7/invitations/u5", body: undefined }]);
    expect(screen.queryByRole("region", { name: "You're invited to join this group" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Join Group" })).toBeInTheDocument();
  });
});

describe("groups for visitors (issue 19)", () => {
  const canVisitor = { join: false, leave: false, edit: false, post: false, viewContent: true, reviewRequests: false, invite: false };

  it("lists All Groups without Your Groups, and Create Group as a sign-in link (even for ?create=true)", () => {
    searchParams = new URLSearchParams("create=true");
    const groups = { items: [makeGroup({ viewerCan: canVisitor })], nextCursor: null, total: 1 };
    renderWithClient(<GroupsDirectory initial={{ search: "", discover: groups }} signedIn={false} />);
    expect(screen.getByRole("heading", { name: "All Groups" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Your Groups" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Rust Learners" })).toHaveAttribute("href", "/groups/7");
    expect(screen.getByRole("link", { name: "Sign in to create a group" })).toHaveAttribute("href", "/login?callbackUrl=%2Fgroups%3Fcreate%3Dtrue");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(router.replace).not.toHaveBeenCalled();
    // The server's page is enough: no request for "joined" groups a visitor cannot have.
    expect(requests.filter((r) => r.url.includes("membership=joined"))).toEqual([]);
  });

  it("shows a public group's posts with Sign in to join, and a private group's header only", () => {
    const post = makeSummary({ id: 5, title: "How do lifetimes work?", group: { id: 7, name: "Rust Learners", isPrivate: false } });
    const { unmount } = renderWithClient(
      <GroupPage initialGroup={makeGroup({ viewerCan: canVisitor })} initialSearch="" initialPosts={{ items: [post], nextCursor: null, total: 1 }} signedIn={false} />,
    );
    expect(screen.getByRole("link", { name: "How do lifetimes work?" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in to join" })).toHaveAttribute("href", "/login?callbackUrl=%2Fgroups%2F7");
    expect(screen.queryByRole("button", { name: "Join Group" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "New Post" })).not.toBeInTheDocument();
    unmount();

    renderWithClient(<GroupPage initialGroup={makeGroup({ isPrivate: true, viewerCan: { ...canVisitor, viewContent: false } })} initialSearch="" signedIn={false} />);
    expect(screen.getByRole("heading", { name: "This group is private" })).toBeInTheDocument();
    expect(screen.getByText(/Sign in to ask to join/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in to join" })).toBeInTheDocument();
    expect(requests.filter((r) => r.url.includes("/questions"))).toEqual([]);
  });
});

describe("Groups in other languages", () => {
  it("shows a group card in German: counts, date, creator and Join Group", () => {
    renderWithClient(
      <IntlProvider locale="de">
        <GroupCard group={makeGroup({ isPrivate: true })} />
      </IntlProvider>,
    );
    expect(screen.getByText("12 Mitglieder")).toBeInTheDocument();
    expect(screen.getByText("3 Fragen")).toBeInTheDocument();
    expect(screen.getByText("5. März 2026")).toBeInTheDocument();
    expect(screen.getByText("Privat")).toBeInTheDocument();
    expect(screen.getByText(/Erstellt von/)).toHaveTextContent("Erstellt von Ada Lovelace");
    expect(screen.getByRole("button", { name: "Der Gruppe Rust Learners beitreten" })).toBeInTheDocument();
  });

  it("shows the directory in Spanish", () => {
    const empty = { items: [], nextCursor: null, total: 0 };
    renderWithClient(
      <IntlProvider locale="es">
        <GroupsDirectory initial={{ search: "", joined: empty, discover: empty }} />
      </IntlProvider>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Grupos" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Tus grupos" })).toBeInTheDocument();
    expect(screen.getByText("Aún no hay grupos")).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Buscar grupos...")).toBeInTheDocument();
  });
});

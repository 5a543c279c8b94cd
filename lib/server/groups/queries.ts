import "server-only";
import { cache } from "react";
import { db, Prisma } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import { groupInvitationSelect, groupSelect, joinRequestSelect, type GroupInvitationRow, type GroupRow, type JoinRequestRow } from "@/lib/server/groups/presenters";
import { decodeCursor, toPage, type Page } from "@/lib/server/pagination";
import type { GroupResource, Viewer } from "@/lib/server/policy";
import { escapeLike } from "@/lib/server/questions/queries";
import type { GroupMembershipFilter } from "@/lib/validation/groups";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/validation/questions";

/** The columns of a group in a short list (side bar). */
export const groupListItemSelect = {
  id: true,
  name: true,
  profileImageUrl: true,
  isPrivate: true,
  memberCount: true,
} as const;

/** A group as the side bar and the Ask dialog list it. */
export type SidebarGroup = Prisma.GroupGetPayload<{ select: typeof groupListItemSelect }> & { isMember: boolean };

const sidebarGroupColumns = Prisma.sql`g.id, g.name, g.profile_image_url AS "profileImageUrl", g.is_private AS "isPrivate", g.member_count AS "memberCount"`;

/**
 * Up to `limit` groups for the side bar: the viewer's own groups first (most recently joined),
 * then the largest others. Every group's name is public (DECISIONS.md section 7). A member's
 * are one statement: their first `limit` groups and the `limit` largest groups they are not in,
 * the latter cut to what their own leave.
 */
export async function listSidebarGroups(viewer: Viewer | null, limit = 5): Promise<SidebarGroup[]> {
  const take = Math.max(1, Math.min(20, limit));
  if (!viewer) {
    const largest = await db.group.findMany({ select: groupListItemSelect, orderBy: [{ memberCount: "desc" }, { id: "asc" }], take });
    return largest.map((g) => ({ ...g, isMember: false }));
  }
  const rows = await db.$queryRaw<SidebarGroup[]>`
    SELECT id, name, "profileImageUrl", "isPrivate", "memberCount", "isMember" FROM (
      (SELECT ${sidebarGroupColumns}, true AS "isMember", 0 AS part, gm.joined_at, gm.id AS membership
         FROM group_members gm JOIN groups g ON g.id = gm.group_id
        WHERE gm.user_id = ${viewer.id}
        ORDER BY gm.joined_at DESC, gm.id DESC
        LIMIT ${take})
      UNION ALL
      (SELECT ${sidebarGroupColumns}, false AS "isMember", 1 AS part, NULL, NULL
         FROM groups g
        WHERE NOT EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = g.id AND gm.user_id = ${viewer.id})
        ORDER BY g.member_count DESC, g.id ASC
        LIMIT ${take})
    ) sidebar
    ORDER BY part, joined_at DESC, membership DESC, "memberCount" DESC, id ASC`;
  return rows.slice(0, take);
}

/** Most groups listSidebarGroupsOfRequest reads (the Ask dialog's list; the side bar shows the first few). */
export const SIDEBAR_GROUPS_READ = 20;

/**
 * listSidebarGroups(viewer, 20) once per server render, however many components ask: the side
 * bar's first few are the first few of the longer list (own groups first, then the largest).
 */
export const listSidebarGroupsOfRequest = cache(async (viewer: Viewer | null): Promise<SidebarGroup[]> => listSidebarGroups(viewer, SIDEBAR_GROUPS_READ));

/** Message of the 404 for a missing group. */
export const GROUP_NOT_FOUND = "Group not found";

/** Message of the 404 for a missing join request. */
export const JOIN_REQUEST_NOT_FOUND = "Join request not found";

/** Message of the 404 for a missing invitation. */
export const INVITATION_NOT_FOUND = "Invitation not found";

/** Message of the 404 for a member to invite who does not exist (or can no longer be invited). */
export const INVITEE_NOT_FOUND = "Member not found";

/** The 403 and 409 messages of the group calls (docs/API.md). */
export const GROUP_MESSAGES = {
  onlyCreatorInvites: "Only the creator of this group can invite members",
  notYourInvitation: "Only the group's creator or the invited member can remove this invitation",
  inviteeAlreadyMember: "This member already belongs to this group",
  alreadyInvited: "This member has already been invited to this group",
  alreadyMember: "You are already a member of this group",
  notMember: "You are not a member of this group",
  creatorCannotLeave: "The creator of a group cannot leave it",
  privateContent: "This group is private. Only its members can see its posts.",
  onlyCreatorEdits: "Only the creator of this group can edit it",
  onlyCreatorReviews: "Only the creator of this group can review join requests",
} as const;

/** A group as permissions need it (every group's existence is public), or 404 "Group not found". */
export async function getGroupOrThrow(id: number): Promise<GroupResource & { name: string }> {
  const group = await db.group.findUnique({ where: { id }, select: { id: true, name: true, creatorId: true, isPrivate: true } });
  if (!group) throw notFound(GROUP_NOT_FOUND);
  return group;
}

/** The viewer with the ids of the groups they belong to, as the policy's group predicates read them. */
export async function withGroupIds(viewer: Viewer): Promise<Viewer & { groupIds: number[] }> {
  const memberships = await db.groupMember.findMany({ where: { userId: viewer.id }, select: { groupId: true } });
  return { ...viewer, groupIds: memberships.map((m) => m.groupId) };
}

/** A member id from a route segment (what ids look like: letters, digits, - and _), or 404 "Join request not found". */
export function memberIdParam(value: string | undefined): string {
  if (!value || !/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw notFound(JOIN_REQUEST_NOT_FOUND);
  return value;
}

/** The viewer with their membership of one group, as the policy's group predicates read it (null for a visitor). */
export async function withGroupMembership(viewer: Viewer | null, groupId: number): Promise<(Viewer & { groupIds: number[] }) | null> {
  if (!viewer) return null;
  return { ...viewer, groupIds: (await isGroupMember(viewer, groupId)) ? [groupId] : [] };
}

/** Whether the member belongs to the group (has a group_members row). */
export async function isGroupMember(viewer: Viewer | null, groupId: number): Promise<boolean> {
  if (!viewer) return false;
  const row = await db.groupMember.findUnique({ where: { groupId_userId: { groupId, userId: viewer.id } }, select: { id: true } });
  return row !== null;
}

/** A group with everything its card and header show for this viewer, or null. */
export async function getGroupDetail(id: number, viewer: Viewer | null): Promise<GroupRow | null> {
  return db.group.findUnique({ where: { id }, select: groupSelect(viewer) });
}

/** A group with everything its card and header show for this viewer, or 404 "Group not found". */
export async function getGroupDetailOrThrow(id: number, viewer: Viewer | null): Promise<GroupRow> {
  const group = await getGroupDetail(id, viewer);
  if (!group) throw notFound(GROUP_NOT_FOUND);
  return group;
}

/** Options of the group list: a name or description search, whose groups, and paging. */
export interface GroupListOptions {
  search?: string;
  membership?: GroupMembershipFilter;
  limit?: number;
  cursor?: string;
}

function groupListWhere(viewer: Viewer | null, options: Pick<GroupListOptions, "search" | "membership">): Prisma.GroupWhereInput {
  const and: Prisma.GroupWhereInput[] = [];
  if (options.search) {
    const text = escapeLike(options.search);
    and.push({
      OR: [
        { name: { contains: text, mode: "insensitive" } },
        { description: { contains: text, mode: "insensitive" } },
      ],
    });
  }
  // A visitor belongs to no group: "joined" is empty for them, "discover" is every group.
  if (options.membership === "joined") and.push(viewer ? { members: { some: { userId: viewer.id } } } : { id: -1 });
  if (options.membership === "discover" && viewer) and.push({ members: { none: { userId: viewer.id } } });
  return { AND: and };
}

/**
 * One page of groups, most members first (then oldest), optionally only those whose name or
 * description contains `search` and only the viewer's own or only the others. Every group's
 * name, description and counts are public (DECISIONS.md section 7).
 */
export async function listGroups(viewer: Viewer | null, options: GroupListOptions = {}): Promise<Page<GroupRow>> {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(options.limit ?? DEFAULT_PAGE_SIZE)));
  const and: Prisma.GroupWhereInput[] = [groupListWhere(viewer, options)];
  if (options.cursor) {
    const { key, id } = decodeCursor(options.cursor, "int");
    and.push({ OR: [{ memberCount: { lt: key } }, { memberCount: key, id: { gt: id } }] });
  }
  const rows = await db.group.findMany({
    where: { AND: and },
    select: groupSelect(viewer),
    orderBy: [{ memberCount: "desc" }, { id: "asc" }],
    take: limit + 1,
  });
  return toPage(rows, limit, (row) => row.memberCount);
}

/** How many groups the list holds under these options (X-Total-Count). */
export async function countGroups(viewer: Viewer | null, options: Pick<GroupListOptions, "search" | "membership"> = {}): Promise<number> {
  return db.group.count({ where: groupListWhere(viewer, options) });
}

/** One page of a private group's pending join requests, oldest first (the caller checked the viewer may review them). */
export async function listJoinRequests(groupId: number, page: { limit?: number; cursor?: string } = {}): Promise<Page<JoinRequestRow>> {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(page.limit ?? DEFAULT_PAGE_SIZE)));
  const after: Prisma.GroupJoinRequestWhereInput = {};
  if (page.cursor) {
    const { key, id } = decodeCursor(page.cursor, "date");
    after.OR = [{ createdAt: { gt: key } }, { createdAt: key, id: { gt: id } }];
  }
  const rows = await db.groupJoinRequest.findMany({
    where: { AND: [{ groupId }, after] },
    select: joinRequestSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit + 1,
  });
  return toPage(rows, limit, (row) => row.createdAt);
}

/** How many join requests await the group creator's answer. */
export async function countJoinRequests(groupId: number): Promise<number> {
  return db.groupJoinRequest.count({ where: { groupId } });
}

/** The group's member count as stored now (0 when it is gone). */
export async function getMemberCount(groupId: number): Promise<number> {
  const row = await db.group.findUnique({ where: { id: groupId }, select: { memberCount: true } });
  return row?.memberCount ?? 0;
}

/** A member who may be invited (an account that exists, not deleted, not the AI assistant), or 404 "Member not found". */
export async function getInviteeOrThrow(userId: string): Promise<{ id: string }> {
  const user = await db.user.findFirst({ where: { id: userId, deletedAt: null, isAssistant: false }, select: { id: true } });
  if (!user) throw notFound(INVITEE_NOT_FOUND);
  return user;
}

/** A member id from a route segment, or 404 "Invitation not found". */
export function inviteeIdParam(value: string | undefined): string {
  if (!value || !/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw notFound(INVITATION_NOT_FOUND);
  return value;
}

/** The pending invitation of one member to the group, as presentGroupInvitation shows it, or null. */
export async function getGroupInvitation(groupId: number, userId: string): Promise<GroupInvitationRow | null> {
  return db.groupInvitation.findUnique({ where: { groupId_userId: { groupId, userId } }, select: groupInvitationSelect });
}

/** One page of a group's pending invitations, oldest first (the caller checked the viewer may see them). */
export async function listGroupInvitations(groupId: number, page: { limit?: number; cursor?: string } = {}): Promise<Page<GroupInvitationRow>> {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(page.limit ?? DEFAULT_PAGE_SIZE)));
  const after: Prisma.GroupInvitationWhereInput = {};
  if (page.cursor) {
    const { key, id } = decodeCursor(page.cursor, "date");
    after.OR = [{ createdAt: { gt: key } }, { createdAt: key, id: { gt: id } }];
  }
  const rows = await db.groupInvitation.findMany({
    where: { AND: [{ groupId }, after] },
    select: groupInvitationSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit + 1,
  });
  return toPage(rows, limit, (row) => row.createdAt);
}

/** How many invitations to the group are pending. */
export async function countGroupInvitations(groupId: number): Promise<number> {
  return db.groupInvitation.count({ where: { groupId } });
}

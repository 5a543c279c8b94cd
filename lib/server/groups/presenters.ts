import "server-only";
import type { Prisma } from "@/lib/server/db";
import { can, type Viewer } from "@/lib/server/policy";
import { authorSelect, presentAuthor, type AuthorJson } from "@/lib/server/users/presenters";

// Matches no member: a visitor's membership and request relations then load nothing.
const NOBODY = "";

/**
 * The columns presentGroup needs for this viewer (whether they belong to it or asked to join
 * is theirs); select exactly these. With relationJoins, one SQL query loads a whole page.
 */
export function groupSelect(viewer: Viewer | null) {
  return {
    id: true,
    name: true,
    description: true,
    rules: true,
    profileImageUrl: true,
    headerImageUrl: true,
    creatorId: true,
    isPrivate: true,
    memberCount: true,
    questionCount: true,
    createdAt: true,
    updatedAt: true,
    creator: { select: { id: true, firstName: true, lastName: true, email: true } },
    members: { where: { userId: viewer?.id ?? NOBODY }, select: { userId: true }, take: 1 },
    joinRequests: { where: { userId: viewer?.id ?? NOBODY }, select: { userId: true }, take: 1 },
    invitations: {
      where: { userId: viewer?.id ?? NOBODY },
      select: { userId: true, createdAt: true, inviter: { select: { id: true, firstName: true, lastName: true, email: true } } },
      take: 1,
    },
  } as const satisfies Prisma.GroupSelect;
}

/** A group row as selected by groupSelect. */
export type GroupRow = Prisma.GroupGetPayload<{ select: ReturnType<typeof groupSelect> }>;

/** What the viewer may do with a group, as the group page shows it (docs/API.md Group.viewerCan). */
export interface GroupViewerCan {
  join: boolean;
  leave: boolean;
  edit: boolean;
  post: boolean;
  viewContent: boolean;
  reviewRequests: boolean;
  /** Invite members (and see and withdraw the pending invitations). */
  invite: boolean;
}

/** A group as docs/API.md shapes it (Group): the card of the list and the header of the group page. */
export interface GroupJson {
  id: number;
  name: string;
  description: string | null;
  rules: string | null;
  profileImageUrl: string | null;
  headerImageUrl: string | null;
  isPrivate: boolean;
  memberCount: number;
  questionCount: number;
  createdAt: string;
  updatedAt: string;
  creatorId: string;
  /** The creator's name (SPEC.md: creator {firstName, lastName}), with the id and handle for links and fallbacks. */
  creator: { id: string; firstName: string | null; lastName: string | null; handle: string };
  isMember: boolean;
  /** The viewer asked to join this private group and awaits the creator's answer. */
  hasRequested: boolean;
  /** The creator invited the viewer, who has not accepted or declined yet (null otherwise). */
  invitation: { userId: string; invitedBy: { id: string; firstName: string | null; lastName: string | null; handle: string }; createdAt: string } | null;
  viewerCan: GroupViewerCan;
}

/** The viewer as the policy's group predicates read them, for one group row. */
function viewerFor(viewer: Viewer | null, row: Pick<GroupRow, "id" | "members">): Viewer | null {
  if (!viewer) return null;
  return { ...viewer, groupIds: row.members.length > 0 ? [row.id] : [] };
}

/** What the viewer may do with the group (the policy decides; the UI never re-derives it). */
export function groupViewerCan(viewer: Viewer | null, row: Pick<GroupRow, "id" | "creatorId" | "isPrivate" | "members">): GroupViewerCan {
  const v = viewerFor(viewer, row);
  const group = { id: row.id, creatorId: row.creatorId, isPrivate: row.isPrivate };
  return {
    join: can(v, "group.join", group),
    leave: can(v, "group.leave", group),
    edit: can(v, "group.edit", group),
    post: can(v, "group.post", group),
    viewContent: can(v, "group.viewContent", group),
    reviewRequests: can(v, "group.reviewRequests", group),
    invite: can(v, "group.invite", group),
  };
}

/** A group with its creator's name, its counts, and the viewer's membership, request and abilities. */
export function presentGroup(row: GroupRow, viewer: Viewer | null): GroupJson {
  const isMember = viewer !== null && (row.members.length > 0 || row.creatorId === viewer.id);
  const creator = presentAuthor({ ...row.creator, profileImageUrl: null });
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    rules: row.rules,
    profileImageUrl: row.profileImageUrl,
    headerImageUrl: row.headerImageUrl,
    isPrivate: row.isPrivate,
    memberCount: row.memberCount,
    questionCount: row.questionCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    creatorId: row.creatorId,
    creator: { id: creator.id, firstName: creator.firstName, lastName: creator.lastName, handle: creator.handle },
    isMember,
    hasRequested: viewer !== null && !isMember && row.joinRequests.length > 0,
    invitation: presentViewerInvitation(isMember ? undefined : row.invitations[0]),
    viewerCan: groupViewerCan(viewer, row),
  };
}

function presentViewerInvitation(row: GroupRow["invitations"][number] | undefined): GroupJson["invitation"] {
  if (!row) return null;
  const inviter = presentAuthor({ ...row.inviter, profileImageUrl: null });
  return {
    userId: row.userId,
    invitedBy: { id: inviter.id, firstName: inviter.firstName, lastName: inviter.lastName, handle: inviter.handle },
    createdAt: row.createdAt.toISOString(),
  };
}

/** The answer of POST /api/groups/{id}/join and /leave: what happened, and the group as it is now. */
export interface GroupMembershipJson {
  status: "joined" | "requested" | "left" | "withdrawn";
  message: string;
  group: GroupJson;
}

/** A membership change with the message the page shows (docs/API.md). */
export function presentMembershipChange(status: GroupMembershipJson["status"], group: GroupJson): GroupMembershipJson {
  return { status, message: MEMBERSHIP_MESSAGES[status], group };
}

/** The words of each membership change, as the toasts show them (SPEC.md section 8). */
export const MEMBERSHIP_MESSAGES = {
  joined: "Joined group successfully!",
  requested: "Your request to join has been sent. The group's creator will approve or decline it.",
  left: "Left group successfully!",
  withdrawn: "Your request to join has been withdrawn.",
} as const satisfies Record<GroupMembershipJson["status"], string>;

/** The columns presentJoinRequest needs; select exactly these. */
export const joinRequestSelect = {
  id: true,
  groupId: true,
  createdAt: true,
  user: { select: authorSelect },
} as const satisfies Prisma.GroupJoinRequestSelect;

/** A join request row as selected by joinRequestSelect. */
export type JoinRequestRow = Prisma.GroupJoinRequestGetPayload<{ select: typeof joinRequestSelect }>;

/** A pending request to join a private group, as its creator reviews it (docs/API.md JoinRequest). */
export interface JoinRequestJson {
  id: number;
  groupId: number;
  userId: string;
  user: AuthorJson;
  createdAt: string;
}

/** A pending join request with the member who asked. */
export function presentJoinRequest(row: JoinRequestRow, viewer: Viewer | null): JoinRequestJson {
  return {
    id: row.id,
    groupId: row.groupId,
    userId: row.user.id,
    user: presentAuthor(row.user, viewer?.id),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The answer of approving or declining a join request (docs/API.md). */
export interface JoinRequestDecisionJson {
  userId: string;
  status: "approved" | "declined";
  memberCount: number;
}

/** What became of a join request, and the group's member count after it. */
export function presentJoinRequestDecision(userId: string, status: JoinRequestDecisionJson["status"], memberCount: number): JoinRequestDecisionJson {
  return { userId, status, memberCount };
}

/** The columns presentGroupInvitation needs; select exactly these. */
export const groupInvitationSelect = {
  id: true,
  groupId: true,
  createdAt: true,
  user: { select: authorSelect },
  inviter: { select: authorSelect },
} as const satisfies Prisma.GroupInvitationSelect;

/** An invitation row as selected by groupInvitationSelect. */
export type GroupInvitationRow = Prisma.GroupInvitationGetPayload<{ select: typeof groupInvitationSelect }>;

/** A pending invitation to a group, as its creator sees it (docs/API.md GroupInvitation). */
export interface GroupInvitationJson {
  id: number;
  groupId: number;
  userId: string;
  user: AuthorJson;
  invitedBy: AuthorJson;
  createdAt: string;
}

/** A pending invitation with the member invited and who invited them. */
export function presentGroupInvitation(row: GroupInvitationRow, viewer: Viewer | null): GroupInvitationJson {
  return {
    id: row.id,
    groupId: row.groupId,
    userId: row.user.id,
    user: presentAuthor(row.user, viewer?.id),
    invitedBy: presentAuthor(row.inviter, viewer?.id),
    createdAt: row.createdAt.toISOString(),
  };
}

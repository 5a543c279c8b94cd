import "server-only";
import { emailHandle } from "@/lib/display";
import { markdownToPlainText } from "@/lib/markdown/render";
import { isStaff, memberModerationViewerCan, profileViewerCan, type Viewer as PolicyViewer } from "@/lib/server/policy";
import { activitySelect, activityStatusOf } from "@/lib/server/users/activity";

/** The columns an author presenter needs; select exactly these. */
export const authorSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  profileImageUrl: true,
  isAssistant: true,
  deletedAt: true,
  reputation: true,
  role: true,
} as const;

export interface AuthorRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isAssistant?: boolean;
  deletedAt?: Date | null;
  /** users.reputation (issue 13), shown beside the name; selected by authorSelect. */
  reputation?: number;
  /** users.role (issue 14): moderators and admins get a badge beside their name; selected by authorSelect. */
  role?: string | null;
}

/** How a member who deleted their account is named everywhere their posts remain. */
export const DELETED_USER = { firstName: "Deleted", lastName: "user", handle: "deleted-user" } as const;

/**
 * An author or actor as others see them: the e-mail only for the viewer themself
 * (DECISIONS.md section 3), otherwise its local part as `handle`. A deleted account shows as
 * "Deleted user" (first and last name "Deleted" and "user", no picture, `isDeleted: true`).
 * `reputation` is the member's (issue 13); the UI leaves it out for the AI and deleted accounts.
 * `role` is there only for moderators and admins (issue 14), whom the UI marks with a badge.
 */
export function presentAuthor(user: AuthorRow, viewerId?: string | null) {
  const deleted = Boolean(user.deletedAt);
  const staffRole: "moderator" | "admin" | null = user.role === "moderator" || user.role === "admin" ? user.role : null;
  return {
    id: user.id,
    firstName: deleted ? DELETED_USER.firstName : user.firstName,
    lastName: deleted ? DELETED_USER.lastName : user.lastName,
    profileImageUrl: deleted ? null : user.profileImageUrl,
    handle: deleted ? DELETED_USER.handle : user.isAssistant ? "agora-ai" : emailHandle(user.email),
    ...(user.reputation !== undefined ? { reputation: user.reputation } : {}),
    ...(viewerId && viewerId === user.id && !deleted ? { email: user.email } : {}),
    ...(user.isAssistant ? { isAssistant: true } : {}),
    ...(deleted ? { isDeleted: true } : {}),
    ...(staffRole && !deleted ? { role: staffRole } : {}),
  };
}

export type AuthorJson = ReturnType<typeof presentAuthor>;

/* Profiles ------------------------------------------------------------------------------ */

/** The columns presentProfile needs besides its counts; select exactly these. */
export const profileSelect = {
  ...authorSelect,
  bio: true,
  website: true,
  socialLinks: true,
  city: true,
  country: true,
  createdAt: true,
  suspendedUntil: true,
  suspensionReason: true,
  ...activitySelect,
} as const;

/** The columns behind a member's activity status (issue 15); null or absent reads as unknown. */
interface ActivityColumns {
  lastActiveAt?: Date | null;
  privacySettings?: unknown;
}

interface ProfileRow extends AuthorRow, ActivityColumns {
  bio: string | null;
  website: string | null;
  socialLinks: unknown;
  city: string | null;
  country: string | null;
  createdAt: Date;
  suspendedUntil?: Date | null;
  suspensionReason?: string | null;
}

/** A profile's counts, each as the viewer may see it (hidden private-group posts are not counted). */
export interface ProfileCounts {
  questions: number;
  answers: number;
  followers: number;
  following: number;
  /** Distinct tags on the member's questions (the Tags tab). */
  tags: number;
  /** Tags the member follows (the Following tab). */
  followedTags: number;
  /** Saved questions: only on the viewer's own profile. */
  saved?: number;
}

// Social links are stored as usernames; anything else that was stored is not shown.
function socialLinksOf(stored: unknown): { twitter: string | null; linkedin: string | null; github: string | null } {
  const raw = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const username = (value: unknown) => (typeof value === "string" && /^[A-Za-z0-9_.-]{1,100}$/.test(value) ? value : null);
  return { twitter: username(raw.twitter), linkedin: username(raw.linkedin), github: username(raw.github) };
}

// Only http(s) websites become links.
function safeWebsite(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? value : null;
  } catch {
    return null;
  }
}

/**
 * A member's profile (GET /api/users/{id}/profile and the profile page): the author fields, the
 * rest of the public profile, the counts of the tabs, whether the viewer follows them and what the
 * viewer may do. The e-mail only for its owner; a deleted account keeps nothing but its id and dates.
 * `lastActiveAt` only as activityStatusOf allows (null otherwise).
 * A running suspension (`suspension`) only for the member and staff; `moderation` (what the
 * Moderate menu offers) only for moderators and admins.
 */
export function presentProfile(
  row: ProfileRow,
  viewer: PolicyViewer | null,
  counts: ProfileCounts,
  isFollowing: boolean,
  messaging?: { allowMessages: boolean; blocksViewer: boolean; blockedByViewer: boolean },
) {
  const deleted = Boolean(row.deletedAt);
  const suspension = !deleted && row.suspendedUntil && row.suspendedUntil.getTime() > Date.now()
    ? { until: row.suspendedUntil.toISOString(), reason: row.suspensionReason ?? null }
    : null;
  const moderation = deleted || row.isAssistant ? null : memberModerationViewerCan(viewer, row);
  return {
    ...presentAuthor(row, viewer?.id),
    bio: deleted ? null : row.bio,
    website: deleted ? null : safeWebsite(row.website),
    socialLinks: deleted ? { twitter: null, linkedin: null, github: null } : socialLinksOf(row.socialLinks),
    city: deleted ? null : row.city,
    country: deleted ? null : row.country,
    createdAt: row.createdAt.toISOString(),
    _count: {
      questions: counts.questions,
      answers: counts.answers,
      followers: counts.followers,
      following: counts.following,
      tags: counts.tags,
      followedTags: counts.followedTags,
      ...(counts.saved !== undefined ? { saved: counts.saved } : {}),
    },
    isFollowing,
    // Issue 15: when the member was last active, only when their "Show activity status" is on (or to themself); else null.
    lastActiveAt: activityStatusOf(row, viewer),
    // Issue 15: whether the viewer blocked this member (their Block / Unblock button); never whether they blocked the viewer.
    isBlocked: messaging?.blockedByViewer ?? false,
    viewerCan: profileViewerCan(viewer, row, messaging),
    // Issue 14: a running suspension, shown to the member and to staff only; the Moderate menu's choices, for staff only.
    ...(suspension && (viewer?.id === row.id || isStaff(viewer)) ? { suspension } : {}),
    ...(moderation ? { moderation } : {}),
  };
}

export type ProfileJson = ReturnType<typeof presentProfile>;

/** POST and DELETE /api/users/{id}/follow, GET /api/users/{id}/is-following (with the count when known). */
export function presentUserFollowState(state: { isFollowing: boolean; followerCount: number }): { isFollowing: boolean; followerCount: number } {
  return { isFollowing: state.isFollowing, followerCount: state.followerCount };
}

/** GET /api/users/{id}/is-following. */
export function presentIsFollowingUser(isFollowing: boolean): { isFollowing: boolean } {
  return { isFollowing };
}

/** The columns presentUserAnswer needs; select exactly these. */
export const userAnswerSelect = {
  id: true,
  questionId: true,
  content: true,
  customPrompt: true,
  isAutoGenerated: true,
  voteScore: true,
  commentCount: true,
  createdAt: true,
  updatedAt: true,
  author: { select: authorSelect },
  question: { select: { id: true, title: true } },
} as const;

interface UserAnswerRow {
  id: number;
  questionId: number;
  content: string;
  customPrompt: string | null;
  isAutoGenerated: boolean;
  voteScore: number;
  commentCount: number;
  createdAt: Date;
  updatedAt: Date;
  author: AuthorRow;
  question: { id: number; title: string };
}

/** Longest plain-text excerpt of an answer on a profile (the card clamps it to 3 lines). */
export const ANSWER_EXCERPT_LENGTH = 400;

/** An answer on a profile's Answers tab: its question, a plain-text excerpt, AI badges, votes and comments. */
export function presentUserAnswer(row: UserAnswerRow, viewer: PolicyViewer | null) {
  return {
    id: row.id,
    questionId: row.questionId,
    question: { id: row.question.id, title: row.question.title },
    excerpt: markdownToPlainText(row.content, ANSWER_EXCERPT_LENGTH),
    isAutoGenerated: row.isAutoGenerated,
    customPrompt: row.customPrompt,
    voteScore: row.voteScore,
    commentCount: row.commentCount,
    _count: { comments: row.commentCount },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    author: presentAuthor(row.author, viewer?.id),
  };
}

export type UserAnswerJson = ReturnType<typeof presentUserAnswer>;

/** A tag on a profile's Tags tab ("Most Used Tags"): `count` is how many of the member's questions carry it. */
export function presentUsedTag(row: { id: number; name: string; color: string; count: number }) {
  return { id: row.id, name: row.name, color: row.color, count: row.count };
}

export type UsedTagJson = ReturnType<typeof presentUsedTag>;

/** A group on a profile (GET /api/users/{id}/groups): what a group card shows, and the member's role. */
export function presentUserGroup(row: {
  role: string;
  joinedAt: Date;
  group: { id: number; name: string; description: string | null; profileImageUrl: string | null; isPrivate: boolean; memberCount: number; questionCount: number };
}) {
  const g = row.group;
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    profileImageUrl: g.profileImageUrl,
    isPrivate: g.isPrivate,
    memberCount: g.memberCount,
    questionCount: g.questionCount,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
  };
}

export type UserGroupJson = ReturnType<typeof presentUserGroup>;

/**
 * A member in a profile's Followers or Following list (GET /api/users/:id/followers, /following):
 * the author fields, when the follow began and their activity status as the viewer may see it.
 */
export function presentFollowPerson(row: AuthorRow & ActivityColumns & { followedAt: Date }, viewer: PolicyViewer | null) {
  return { ...presentAuthor(row, viewer?.id), followedAt: row.followedAt.toISOString(), lastActiveAt: activityStatusOf(row, viewer) };
}

export type FollowPersonJson = ReturnType<typeof presentFollowPerson>;

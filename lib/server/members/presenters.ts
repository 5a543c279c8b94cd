import "server-only";
import { can, type Viewer as PolicyViewer } from "@/lib/server/policy";
import { presentAuthor, type AuthorRow } from "@/lib/server/users/presenters";
import { activityStatusOf } from "@/lib/server/users/activity";

/** A member row of the directory as lib/server/members/queries computes it in SQL. */
export interface MemberRow extends AuthorRow {
  createdAt: Date;
  questionsCount: number;
  answersCount: number;
  votesCount: number;
  /** Reputation gained in the last 30 days (the sum of the ledger's events, may be negative). */
  reputationMonth: number;
  followerCount: number;
  isFollowing: boolean;
  topTags: { id: number; name: string; color: string }[];
  lastActiveAt: Date | null;
  privacySettings: unknown;
}

/**
 * A card of the members directory (GET /api/users): the author fields (never another member's
 * e-mail; `reputation` among them), when they joined, their questions, answers, votes and
 * reputation gained of the last 30 days, up to 3
 * top tags, their follower count, whether the viewer follows them, and when they were last
 * active as activityStatusOf allows (null otherwise).
 */
export function presentMember(row: MemberRow, viewer: PolicyViewer | null) {
  return {
    ...presentAuthor(row, viewer?.id),
    joinedAt: row.createdAt.toISOString(),
    questionsCount: row.questionsCount,
    answersCount: row.answersCount,
    votesCount: row.votesCount,
    reputationMonth: row.reputationMonth,
    topTags: row.topTags.slice(0, 3).map((t) => ({ id: t.id, name: t.name, color: t.color })),
    followerCount: row.followerCount,
    isFollowing: row.isFollowing,
    lastActiveAt: activityStatusOf(row, viewer),
    viewerCan: { follow: can(viewer, "user.follow", row) },
  };
}

export type MemberJson = ReturnType<typeof presentMember>;


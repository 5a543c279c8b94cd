import "server-only";
import { db } from "@/lib/server/db";
import { forbidden } from "@/lib/server/errors";
import { isStaff } from "@/lib/server/policy";

/*
 * Trust levels (issue 14), after Discourse's: computed from what a member has done, never
 * granted by hand. docs/SECURITY.md section 6e explains them.
 *
 * - 0 "new": the account is younger than 24 hours, or the member has fewer than 3 posts
 *   (questions and answers, not hidden; comments do not count). New members may put at most 2
 *   links in a post, post at most 10 answers and 20 comments a day (rate-limit.ts), and cannot
 *   upload images for posts (avatars and group pictures stay allowed).
 * - 1 "basic": past both thresholds. The normal limits apply; new posts are still spam-checked.
 * - 2 "member": an account of 7 days or more, 10 posts or more and a reputation of 50 or more
 *   (someone found the member's posts useful). No spam check on their posts.
 *
 * Moderators and admins count as level 2 whatever their history.
 */

export const TRUST = {
  /** Level 0 while the account is younger than this (Discourse's first-day limits). */
  newMemberHours: 24,
  /** Level 0 while the member has fewer posts than this (questions and answers, not hidden). */
  basicPosts: 3,
  /** Level 2 needs an account at least this old... */
  memberDays: 7,
  /** ...at least this many posts... */
  memberPosts: 10,
  /** ...and at least this reputation. */
  memberReputation: 50,
  /** The most links a new member's post may hold (Discourse: newuser_max_links, 2). */
  newMemberMaxLinks: 2,
  /** Posts by members below this level are spam-checked. */
  spamCheckBelow: 2,
} as const;

export type TrustLevel = 0 | 1 | 2;

export const TRUST_LEVEL_NAMES: Record<TrustLevel, string> = { 0: "new", 1: "basic", 2: "member" };

/** What a trust level is computed from: columns already on the session's viewer. */
export interface TrustSubject {
  id: string;
  createdAt: Date;
  reputation?: number | null;
  role?: string | null;
}

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** The level from the member's facts (pure: tests and the bench use it). */
export function trustLevelFrom(member: Omit<TrustSubject, "id">, posts: number, now = new Date()): TrustLevel {
  if (isStaff({ id: "", role: member.role })) return 2;
  const age = now.getTime() - member.createdAt.getTime();
  if (age < TRUST.newMemberHours * HOUR_MS || posts < TRUST.basicPosts) return 0;
  if (age >= TRUST.memberDays * DAY_MS && posts >= TRUST.memberPosts && (member.reputation ?? 1) >= TRUST.memberReputation) return 2;
  return 1;
}

/**
 * The member's trust level, in at most one query: staff and accounts younger than a day need
 * none; otherwise the member's visible questions and answers are counted, at most 10 of each
 * (the indexes on author_id and created_at answer it without reading more).
 */
export async function trustLevelOf(member: TrustSubject, now = new Date()): Promise<TrustLevel> {
  if (isStaff({ id: member.id, role: member.role })) return 2;
  if (now.getTime() - member.createdAt.getTime() < TRUST.newMemberHours * HOUR_MS) return 0;
  const [row] = await db.$queryRaw<{ posts: number }[]>`
    SELECT ((SELECT count(*) FROM (SELECT 1 FROM questions WHERE author_id = ${member.id} AND hidden_at IS NULL LIMIT ${TRUST.memberPosts}) q)
          + (SELECT count(*) FROM (SELECT 1 FROM answers WHERE author_id = ${member.id} AND hidden_at IS NULL AND NOT is_auto_generated LIMIT ${TRUST.memberPosts}) a))::int AS posts`;
  return trustLevelFrom(member, row?.posts ?? 0, now);
}

/** The 400 message for a new member's post with too many links. */
export const NEW_MEMBER_LINKS_MESSAGE = `New members can include at most ${TRUST.newMemberMaxLinks} links in a post.`;
/** The 403 message for a new member's upload of an image for a post. */
export const NEW_MEMBER_POST_IMAGE_MESSAGE = "New members cannot upload images into posts yet. You can still change your profile picture.";

/** Throws 403 unless the member may upload an image for a post (level 1 and above). */
export function requirePostImageTrust(level: TrustLevel): void {
  if (level === 0) throw forbidden(NEW_MEMBER_POST_IMAGE_MESSAGE);
}

import "server-only";
import type { Prisma } from "@/lib/server/db";
import { displayName, emailHandle } from "@/lib/display";
import { markdownToPlainText } from "@/lib/markdown/render";
import { presentAuthor, type AuthorJson, type AuthorRow } from "@/lib/server/users/presenters";
import { FLAG_REASON_LABELS, flagReasons, type FlagReason, type FlagTargetType } from "@/lib/validation/flags";

/** The columns presentFlag needs; select exactly these. */
export const flagSelect = {
  id: true,
  targetType: true,
  targetId: true,
  reason: true,
  details: true,
  duplicateOfId: true,
  status: true,
  createdAt: true,
} as const satisfies Prisma.FlagSelect;

/** A flag row as selected by flagSelect. */
export type FlagRow = Prisma.FlagGetPayload<{ select: typeof flagSelect }>;

/** A member's own flag, as POST /api/flags answers it (docs/API.md). */
export interface FlagJson {
  id: number;
  targetType: FlagTargetType;
  targetId: number;
  reason: FlagReason;
  details: string | null;
  duplicateOfId: number | null;
  status: "open" | "dismissed" | "actioned";
  createdAt: string;
  /** Whether the post is hidden pending review now (this flag may have been the one that hid it). */
  postHidden: boolean;
}

const asReason = (value: string): FlagReason => (flagReasons as readonly string[]).includes(value) ? (value as FlagReason) : "other";
const asStatus = (value: string): FlagJson["status"] => (value === "dismissed" || value === "actioned" ? value : "open");

/** A flag for the member who raised it. */
export function presentFlag(row: FlagRow, postHidden: boolean): FlagJson {
  return {
    id: row.id,
    targetType: row.targetType as FlagTargetType,
    targetId: row.targetId,
    reason: asReason(row.reason),
    details: row.details,
    duplicateOfId: row.duplicateOfId,
    status: asStatus(row.status),
    createdAt: row.createdAt.toISOString(),
    postHidden,
  };
}

/** The name the review queue shows for the automatic spam check's flags. */
export const SPAM_CHECK_NAME = "Agora spam check";

/** One open flag of a review item, raw: its reporter (null for the spam check). */
export interface ReviewFlagRow {
  id: number;
  reason: string;
  details: string | null;
  duplicateOfId: number | null;
  createdAt: Date;
  reporter: { id: string; firstName: string | null; lastName: string | null; email: string; deletedAt: Date | null } | null;
}

/** A flagged post in the queue, raw: the post in context and its open flags. */
export interface ReviewItemRow {
  targetType: FlagTargetType;
  targetId: number;
  latestFlagAt: Date;
  post: {
    questionId: number;
    questionTitle: string;
    answerId: number | null;
    content: string;
    contentHtml: string;
    isAi: boolean;
    hidden: boolean;
    createdAt: Date;
    author: AuthorRow;
  };
  flags: ReviewFlagRow[];
  duplicates: Map<number, string>;
}

/** One item of GET /api/review (docs/API.md: ReviewItem). */
export interface ReviewItemJson {
  targetType: FlagTargetType;
  targetId: number;
  latestFlagAt: string;
  flagCount: number;
  reasons: { reason: FlagReason; label: string; count: number }[];
  flaggers: { id: string | null; name: string }[];
  flags: { id: number; reason: FlagReason; details: string | null; duplicateOf: { id: number; title: string; link: string } | null; flagger: { id: string | null; name: string }; createdAt: string }[];
  post: {
    questionId: number;
    questionTitle: string;
    link: string;
    editLink: string;
    excerpt: string;
    contentHtml: string;
    isAi: boolean;
    hidden: boolean;
    createdAt: string;
    author: AuthorJson;
  };
}

const EXCERPT_LENGTH = 400;

function flaggerOf(reporter: ReviewFlagRow["reporter"]): { id: string | null; name: string } {
  if (!reporter) return { id: null, name: SPAM_CHECK_NAME };
  if (reporter.deletedAt) return { id: reporter.id, name: "Deleted user" };
  return { id: reporter.id, name: displayName({ firstName: reporter.firstName, lastName: reporter.lastName, handle: emailHandle(reporter.email) }) };
}

/** The link of a post on its question page (the anchors answer and comment items carry). */
export function postLink(type: FlagTargetType, id: number, questionId: number): string {
  if (type === "question") return `/questions/${questionId}`;
  return `/questions/${questionId}#${type}-${id}`;
}

/** A flagged post for the review queue: reasons with counts, flaggers (by name), every flag, the post in context. */
export function presentReviewItem(row: ReviewItemRow, viewerId: string): ReviewItemJson {
  const counts = new Map<FlagReason, number>();
  for (const flag of row.flags) counts.set(asReason(flag.reason), (counts.get(asReason(flag.reason)) ?? 0) + 1);
  const flaggers = new Map<string, { id: string | null; name: string }>();
  for (const flag of row.flags) flaggers.set(flag.reporter?.id ?? "", flaggerOf(flag.reporter));
  const { post } = row;
  return {
    targetType: row.targetType,
    targetId: row.targetId,
    latestFlagAt: row.latestFlagAt.toISOString(),
    flagCount: row.flags.length,
    reasons: [...counts].sort((a, b) => b[1] - a[1] || flagReasons.indexOf(a[0]) - flagReasons.indexOf(b[0])).map(([reason, count]) => ({ reason, label: FLAG_REASON_LABELS[reason].title, count })),
    flaggers: [...flaggers.values()],
    flags: row.flags.map((flag) => ({
      id: flag.id,
      reason: asReason(flag.reason),
      details: flag.details,
      duplicateOf:
        flag.duplicateOfId !== null && row.duplicates.has(flag.duplicateOfId)
          ? { id: flag.duplicateOfId, title: row.duplicates.get(flag.duplicateOfId)!, link: `/questions/${flag.duplicateOfId}` }
          : null,
      flagger: flaggerOf(flag.reporter),
      createdAt: flag.createdAt.toISOString(),
    })),
    post: {
      questionId: post.questionId,
      questionTitle: post.questionTitle,
      link: postLink(row.targetType, row.targetId, post.questionId),
      // Questions and answers are edited on the question page; comments in place there too.
      editLink: postLink(row.targetType, row.targetId, post.questionId),
      excerpt: markdownToPlainText(post.content, EXCERPT_LENGTH),
      contentHtml: post.contentHtml,
      isAi: post.isAi,
      hidden: post.hidden,
      createdAt: post.createdAt.toISOString(),
      author: presentAuthor(post.author, viewerId),
    },
  };
}

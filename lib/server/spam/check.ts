import "server-only";
import { db } from "@/lib/server/db";
import { badRequest } from "@/lib/server/errors";
import { isAiConfigured } from "@/lib/server/ai/provider";
import type { Screening, SpamTargetType } from "@/lib/server/spam/act";
import { analyzePost, contentHash, countLinks, proseOf } from "@/lib/server/spam/heuristics";
import { NEW_MEMBER_LINKS_MESSAGE, NEW_MEMBER_POST_IMAGE_MESSAGE, TRUST, trustLevelOf, type TrustLevel, type TrustSubject } from "@/lib/server/trust";

/*
 * The checks every new question, answer and comment passes before it is written (issue 14):
 * the new members' cap on links (400), then, for members below trust level 2, the spam
 * heuristics, with the member's posts of the last day for repeats. At most two queries: the
 * trust level's post count and the recent posts.
 */

/** How far back repeats of a post's text are looked for. */
export const REPEAT_WINDOW_HOURS = 24;
/** How many of the member's recent posts of each kind are compared. */
const REPEAT_SAMPLE = 30;

/** A Markdown image of a file uploaded to Agora (`![...](/uploads/...)`, relative or absolute). */
const UPLOADED_IMAGE = /!\[[^\]]*\]\(\s*<?(?:https?:\/\/[^/\s)]+)?\/uploads\//i;

/** The text the checks read: a question's title and description together. */
export function postText(post: { title?: string; text: string }): string {
  return post.title === undefined ? post.text : `${post.title}\n\n${post.text}`;
}

/** Hashes of the member's posts of the last day (questions, answers, comments), for repeats. */
async function recentHashes(authorId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ text: string }[]>`
    (SELECT title || E'\n\n' || description AS text FROM questions
      WHERE author_id = ${authorId} AND created_at > (now() AT TIME ZONE 'UTC') - make_interval(hours => ${REPEAT_WINDOW_HOURS})
      ORDER BY created_at DESC LIMIT ${REPEAT_SAMPLE})
    UNION ALL
    (SELECT content FROM answers
      WHERE author_id = ${authorId} AND created_at > (now() AT TIME ZONE 'UTC') - make_interval(hours => ${REPEAT_WINDOW_HOURS})
      ORDER BY created_at DESC LIMIT ${REPEAT_SAMPLE})
    UNION ALL
    (SELECT content FROM comments
      WHERE author_id = ${authorId} AND created_at > (now() AT TIME ZONE 'UTC') - make_interval(hours => ${REPEAT_WINDOW_HOURS})
      ORDER BY created_at DESC LIMIT ${REPEAT_SAMPLE})`;
  return rows.map((row) => contentHash(row.text)).filter((hash): hash is string => hash !== null);
}

/**
 * Screens a new post by `author`: throws 400 when a new member's post has more than 2 links;
 * returns the author's trust level and, below level 2, the heuristics' verdict (and whether the
 * model is to classify it after the response).
 */
export async function screenNewPost(author: TrustSubject, post: { type: SpamTargetType; title?: string; text: string }): Promise<{ level: TrustLevel; screening: Screening | null }> {
  const level = await trustLevelOf(author);
  const text = postText(post);
  if (level === 0 && countLinks(text) > TRUST.newMemberMaxLinks) throw badRequest(NEW_MEMBER_LINKS_MESSAGE);
  if (level === 0 && UPLOADED_IMAGE.test(proseOf(text))) throw badRequest(NEW_MEMBER_POST_IMAGE_MESSAGE);
  if (level >= TRUST.spamCheckBelow) return { level, screening: null };
  const verdict = analyzePost(text, { recentHashes: await recentHashes(author.id) });
  return { level, screening: { verdict, model: !verdict.spam && isAiConfigured() } };
}

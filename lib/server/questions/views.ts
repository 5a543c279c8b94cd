import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/server/db";
import type { Viewer } from "@/lib/server/policy";
import { clientIp } from "@/lib/server/rate-limit";

/*
 * View counting: a question's view count goes up once per viewer per hour, and never for its
 * author. A viewer is a member id, or for visitors a hash of their address and browser, so no
 * address is stored.
 */

type HeaderSource = Request | Headers;

/** Who is viewing, as question_views stores it: the member's id, or a SHA-256 of a visitor's IP and user agent. */
export function viewerKey(viewer: Viewer | null, source: HeaderSource): string {
  if (viewer) return viewer.id;
  const headers = source instanceof Request ? source.headers : source;
  const userAgent = headers.get("user-agent") ?? "";
  return crypto.createHash("sha256").update(`${clientIp(source)}\n${userAgent}`).digest("hex");
}

/**
 * Counts a view of the question unless its author is looking or this viewer was counted in
 * the last hour, in one statement (safe under concurrent requests); returns the view count to show.
 */
export async function recordQuestionView(
  question: { id: number; authorId: string; viewCount: number },
  viewer: Viewer | null,
  source: HeaderSource,
): Promise<number> {
  if (viewer?.id === question.authorId) return question.viewCount;
  const key = viewerKey(viewer, source);
  // Times are stored in UTC, as Prisma writes them.
  const rows = await db.$queryRaw<{ viewCount: number }[]>`
    WITH counted AS (
      INSERT INTO question_views (question_id, viewer_key, viewed_at)
      VALUES (${question.id}, ${key}, timezone('UTC', now()))
      ON CONFLICT (question_id, viewer_key) DO UPDATE SET viewed_at = EXCLUDED.viewed_at
        WHERE question_views.viewed_at < timezone('UTC', now()) - interval '1 hour'
      RETURNING question_id
    )
    UPDATE questions SET view_count = view_count + 1
    WHERE id IN (SELECT question_id FROM counted)
    RETURNING view_count AS "viewCount"`;
  return rows[0]?.viewCount ?? question.viewCount;
}

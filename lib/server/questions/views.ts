import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/server/db";
import type { Viewer } from "@/lib/server/policy";
import { clientIp } from "@/lib/server/rate-limit";
import { log } from "@/lib/server/log";

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
 * How long counted views wait in memory before one UPDATE adds them to questions.view_count
 * (AGORA_VIEW_FLUSH_MS; 0 writes each view at once, as under jest). Each question row would
 * otherwise be rewritten on every first view (a new row version and an entry in each of its
 * indexes, the full-text one included); batched, a second's views of a question cost one.
 * Views waiting when a process dies are lost (at most this long's worth).
 */
function flushDelayMs(): number {
  const raw = process.env.AGORA_VIEW_FLUSH_MS ?? (process.env.NODE_ENV === "test" ? "0" : "1000");
  const ms = Number(raw);
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, 60_000) : 1000;
}

const state = globalThis as unknown as { agoraPendingViews?: Map<number, number>; agoraViewTimer?: ReturnType<typeof setTimeout> | null };
const pending = (state.agoraPendingViews ??= new Map<number, number>());

async function addViews(counts: Map<number, number>): Promise<void> {
  if (counts.size === 0) return;
  const ids = [...counts.keys()].sort((a, b) => a - b); // one lock order for every instance
  const ns = ids.map((id) => counts.get(id)!);
  await db.$executeRaw`
    UPDATE questions q SET view_count = q.view_count + v.n
      FROM unnest(${ids}::int[], ${ns}::int[]) AS v(id, n)
     WHERE q.id = v.id`;
}

/** Writes the views waiting in memory (the timer does this; also for graceful shutdown and tests). */
export async function flushQuestionViews(): Promise<void> {
  if (state.agoraViewTimer) clearTimeout(state.agoraViewTimer);
  state.agoraViewTimer = null;
  const batch = new Map(pending);
  pending.clear();
  await addViews(batch).catch((error) => {
    // Put them back for the next flush rather than lose them.
    for (const [id, n] of batch) pending.set(id, (pending.get(id) ?? 0) + n);
    log.warn({ error: error instanceof Error ? error.message : String(error) }, "view counts not saved; kept for the next flush");
  });
}

/**
 * Counts a view of the question unless its author is looking or this viewer was counted in
 * the last hour (one statement, safe under concurrent requests); the count itself is added in
 * batches (see flushDelayMs). Returns the view count to show, this instance's waiting views included.
 */
export async function recordQuestionView(
  question: { id: number; authorId: string; viewCount: number },
  viewer: Viewer | null,
  source: HeaderSource,
): Promise<number> {
  const waiting = () => pending.get(question.id) ?? 0;
  if (viewer?.id === question.authorId) return question.viewCount + waiting();
  const key = viewerKey(viewer, source);
  // Times are stored in UTC, as Prisma writes them.
  const counted = await db.$queryRaw<{ question_id: number }[]>`
    INSERT INTO question_views (question_id, viewer_key, viewed_at)
    VALUES (${question.id}, ${key}, timezone('UTC', now()))
    ON CONFLICT (question_id, viewer_key) DO UPDATE SET viewed_at = EXCLUDED.viewed_at
      WHERE question_views.viewed_at < timezone('UTC', now()) - interval '1 hour'
    RETURNING question_id`;
  if (counted.length === 0) return question.viewCount + waiting();
  const delay = flushDelayMs();
  if (delay === 0) {
    await addViews(new Map([[question.id, 1]]));
    return question.viewCount + waiting() + 1;
  }
  pending.set(question.id, waiting() + 1);
  if (!state.agoraViewTimer) {
    state.agoraViewTimer = setTimeout(() => void flushQuestionViews(), delay);
    state.agoraViewTimer.unref?.();
  }
  return question.viewCount + waiting();
}

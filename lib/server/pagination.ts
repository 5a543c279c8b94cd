import "server-only";
import { badRequest } from "@/lib/server/errors";
import { CURSOR_MESSAGE } from "@/lib/validation/questions";

/*
 * Keyset pagination (DECISIONS.md section 4): a list is ordered by a sort key and then by id,
 * and the cursor is the position of the last row handed out, base64url-encoded JSON
 * `[key, id]`. Opaque to clients; the next page starts strictly after it, so walking the
 * cursors visits every row once however many rows are added meanwhile.
 */

/** What a cursor's sort key is: a timestamp (ISO string), an integer, or a real number (search ranks). */
export type CursorKind = "date" | "int" | "number";

/** A decoded cursor: the last row's sort key and id. */
export interface CursorPosition<K> {
  key: K;
  id: number;
}

type KeyOf<C extends CursorKind> = C extends "date" ? Date : number;

/** One page of rows and the cursor of the next page (null on the last page). */
export interface Page<T> {
  rows: T[];
  nextCursor: string | null;
}

/** Encodes a keyset position (a row's sort key and id) as an opaque cursor. */
export function encodeCursor(key: Date | number, id: number): string {
  const value = key instanceof Date ? key.toISOString() : key;
  return Buffer.from(JSON.stringify([value, id])).toString("base64url");
}

/** Decodes a cursor of the given kind; 400 "Invalid cursor" when it is not one this list handed out. */
export function decodeCursor<C extends CursorKind>(cursor: string, kind: C): CursorPosition<KeyOf<C>> {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) throw new Error("not base64url");
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badRequest(CURSOR_MESSAGE);
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw badRequest(CURSOR_MESSAGE);
  const [rawKey, id] = parsed as [unknown, unknown];
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 0) throw badRequest(CURSOR_MESSAGE);
  if (kind === "date") {
    const date = typeof rawKey === "string" ? new Date(rawKey) : null;
    if (!date || Number.isNaN(date.getTime())) throw badRequest(CURSOR_MESSAGE);
    return { key: date as KeyOf<C>, id };
  }
  if (typeof rawKey !== "number" || !Number.isFinite(rawKey) || (kind === "int" && !Number.isSafeInteger(rawKey))) {
    throw badRequest(CURSOR_MESSAGE);
  }
  return { key: rawKey as KeyOf<C>, id };
}

/**
 * Cuts the `limit + 1` rows a keyset query fetched down to one page, with the cursor of the
 * last row kept when there was one more.
 */
export function toPage<T extends { id: number }>(rows: T[], limit: number, keyOf: (row: T) => Date | number): Page<T> {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1]!;
  return { rows: page, nextCursor: encodeCursor(keyOf(last), last.id) };
}

/** A list answer: the presented items as JSON, X-Next-Cursor when there is a next page, X-Total-Count when known. */
export function pageResponse(items: unknown[], page: { nextCursor: string | null; total?: number }): Response {
  const headers: Record<string, string> = {};
  if (page.nextCursor) headers["X-Next-Cursor"] = page.nextCursor;
  if (page.total !== undefined) headers["X-Total-Count"] = String(page.total);
  return Response.json(items, { headers });
}

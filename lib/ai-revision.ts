// The correction loop of the automatic AI answer (issue 16, ARCHITECTURE.md "The correction
// loop"): the pure rules shared by the server and the answer card. What triggers a revision,
// when a question edit is one "in substance", how the model's reply is read, and the shapes of
// the corrections a revision used.

/** Why a revision was owed. */
export type RevisionTrigger = "disputed" | "accepted" | "outscored" | "edited" | "moderator";
export const REVISION_TRIGGERS: readonly RevisionTrigger[] = ["disputed", "accepted", "outscored", "edited", "moderator"];

/** How a finished revision ended: a new text, the text reviewed and kept, or nothing left to correct. */
export type RevisionOutcome = "revised" | "unchanged" | "superseded";

/** At most this many automatic revisions of one question's AI answer per UTC day (moderators' requests count, but are never refused). */
export const DAILY_REVISION_CAP = 3;
/** A member's answer this many votes above the AI answer is a correction. */
export const OUTSCORE_MARGIN = 3;

/** One correction a revision was written with, as stored on its job and shown in the provenance panel. */
export type CorrectionJson =
  | { type: "verdict"; memberId: string; name: string; reason: string }
  | { type: "answer"; answerId: number; memberId: string; name: string; why: "accepted" | "outscored" }
  | { type: "edit"; questionRevision: number }
  | { type: "moderator"; memberId: string; name: string; reason: string | null };

/** What the answer card shows of the correction loop (null on answers it does not apply to). */
export interface AiRevisionJson {
  /** A revision is owed or being written: "Being revised…". */
  pending: boolean;
  /** The viewer may ask for a review now (moderators and admins, none owed): POST /api/answers/{id}/revise. */
  viewerCanRequest: boolean;
  /** The last finished review of the answer that changed it or kept it, null when none. */
  last: {
    outcome: "revised" | "unchanged";
    trigger: RevisionTrigger;
    /** The model's line on what changed, or why its answer stands (in the question's language). */
    summary: string | null;
    corrections: CorrectionJson[];
    at: string;
  } | null;
}

// ---- Question edits "in substance" ----

/** Words added or removed (typo fixes aside) that make a question edit one in substance; a title word counts double. */
export const SUBSTANTIVE_EDIT_WEIGHT = 4;

/** The words of a text, lower-cased, letters and digits only (punctuation, Markdown and spacing do not count). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Edit distance of two short words, stopping early past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, row[j]!);
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * How many words an edit added or removed, as multisets of words (order changes do not count),
 * a removed word and an added one within two letters of each other (and at least four letters
 * long) pairing up as a typo fix that counts nothing.
 */
export function changedWords(before: string, after: string): number {
  const count = new Map<string, number>();
  for (const w of wordsOf(before)) count.set(w, (count.get(w) ?? 0) + 1);
  const added: string[] = [];
  for (const w of wordsOf(after)) {
    const n = count.get(w) ?? 0;
    if (n > 0) count.set(w, n - 1);
    else added.push(w);
  }
  const removed = [...count.entries()].flatMap(([w, n]) => Array<string>(n).fill(w));
  let changes = 0;
  for (const w of added) {
    const i = removed.findIndex((r) => Math.min(r.length, w.length) >= 4 && editDistance(r, w, 2) <= 2);
    if (i >= 0) removed.splice(i, 1);
    else changes += 1;
  }
  return changes + removed.length;
}

/**
 * Whether a question edit changes it in substance, so the AI answer may no longer fit: at least
 * SUBSTANTIVE_EDIT_WEIGHT words added or removed beyond typo fixes, a title word counting double.
 * Spacing, punctuation, Markdown, case and typo fixes never count.
 */
export function isSubstantiveEdit(before: { title: string; description: string }, after: { title: string; description: string }): boolean {
  return 2 * changedWords(before.title, after.title) + changedWords(before.description, after.description) >= SUBSTANTIVE_EDIT_WEIGHT;
}

// ---- The model's reply ----

/** What the model answered to a revision prompt. */
export type RevisionReply = { kind: "unchanged"; reason: string | null } | { kind: "revised"; summary: string | null; content: string };

const SUMMARY_MAX = 300;
const line = (text: string | undefined) => {
  const s = (text ?? "").replace(/\s+/g, " ").trim();
  return s ? s.slice(0, SUMMARY_MAX) : null;
};

/**
 * Reads the model's reply: a first line "UNCHANGED: why" keeps the answer; "CHANGED: what" is
 * followed by the whole new answer. A reply without either line is a new answer without a
 * summary; a new answer identical to the previous one (spacing aside) counts as unchanged.
 */
export function parseRevisionReply(reply: string, previous: string): RevisionReply {
  const text = reply.replace(/^\s+/, "");
  const first = /^\**(UNCHANGED|CHANGED)\**\s*:\**\s*([^\n]*)(?:\n|$)/i.exec(text);
  if (first && first[1]!.toUpperCase() === "UNCHANGED") return { kind: "unchanged", reason: line(first[2]) };
  const summary = first ? line(first[2]) : null;
  const content = (first ? text.slice(first[0].length) : text).trim();
  if (!content || content.replace(/\s+/g, " ") === previous.trim().replace(/\s+/g, " ")) return { kind: "unchanged", reason: summary };
  return { kind: "revised", summary, content };
}

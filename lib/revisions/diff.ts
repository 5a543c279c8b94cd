// The diff between two revisions' Markdown sources, as the revisions pages show it: words for
// prose, whole lines inside fenced code blocks. Pure and plain text only: the renderer escapes
// every part (the Markdown is never rendered or injected as HTML).
import { diffLines, diffWords } from "diff";

/** One run of text: unchanged, inserted or deleted; `code` when it lies in a fenced code block. */
export interface DiffPart {
  kind: "equal" | "insert" | "delete";
  text: string;
  code: boolean;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** For each line of the text, whether it belongs to a fenced code block (the fences included). */
function codeLines(text: string): boolean[] {
  const lines = text.split("\n");
  let open: string | null = null;
  return lines.map((line) => {
    const fence = FENCE.exec(line)?.[1];
    if (open === null) {
      if (fence) open = fence[0]!.repeat(fence.length);
      return fence !== undefined;
    }
    if (fence && fence[0] === open[0] && fence.length >= open.length) open = null;
    return true;
  });
}

function countLines(value: string): number {
  if (value === "") return 0;
  return value.endsWith("\n") ? value.split("\n").length - 1 : value.split("\n").length;
}

function push(parts: DiffPart[], part: DiffPart) {
  if (part.text === "") return;
  const last = parts.at(-1);
  if (last && last.kind === part.kind && last.code === part.code) last.text += part.text;
  else parts.push({ ...part });
}

/**
 * The changes from `before` to `after`: first line by line; a changed stretch of prose is then
 * compared word by word, while a stretch that touches a fenced code block stays whole lines.
 */
export function diffMarkdown(before: string, after: string): DiffPart[] {
  const oldCode = codeLines(before);
  const newCode = codeLines(after);
  // Both end in a newline while compared, so a last line that gained one is not a changed line.
  const changes = diffLines(`${before}\n`, `${after}\n`);
  const parts: DiffPart[] = [];
  let oldLine = 0;
  let newLine = 0;
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    const lines = countLines(change.value);
    if (!change.added && !change.removed) {
      push(parts, { kind: "equal", text: change.value, code: oldCode.slice(oldLine, oldLine + lines).some(Boolean) });
      oldLine += lines;
      newLine += lines;
      continue;
    }
    // A removal followed by an addition (or the reverse) is one replaced stretch.
    const next = changes[i + 1];
    const removed = change.removed ? change : next?.removed ? next : undefined;
    const added = change.added ? change : next?.added ? next : undefined;
    if (removed && added) i++;
    const removedLines = removed ? countLines(removed.value) : 0;
    const addedLines = added ? countLines(added.value) : 0;
    const inCode = oldCode.slice(oldLine, oldLine + removedLines).some(Boolean) || newCode.slice(newLine, newLine + addedLines).some(Boolean);
    oldLine += removedLines;
    newLine += addedLines;
    if (removed && added && !inCode) {
      for (const word of diffWords(removed.value, added.value)) {
        push(parts, { kind: word.added ? "insert" : word.removed ? "delete" : "equal", text: word.value, code: false });
      }
      continue;
    }
    if (removed) push(parts, { kind: "delete", text: removed.value, code: inCode });
    if (added) push(parts, { kind: "insert", text: added.value, code: inCode });
  }
  return dropAddedNewline(parts);
}

// Takes back the newline diffMarkdown added at the end of each side. When a side's last part is
// shared (equal) but the other side goes on, that newline is real for the other side: it stays,
// as an insertion (or deletion) of the other side only.
function dropAddedNewline(parts: DiffPart[]): DiffPart[] {
  const lastOld = parts.findLastIndex((p) => p.kind !== "insert");
  const lastNew = parts.findLastIndex((p) => p.kind !== "delete");
  const edits = lastOld === lastNew ? [{ index: lastOld, keepFor: null }] : [
    { index: lastOld, keepFor: "insert" as const },
    { index: lastNew, keepFor: "delete" as const },
  ];
  const out = parts.map((p) => [p]);
  for (const { index, keepFor } of edits) {
    const part = parts[index];
    if (!part?.text.endsWith("\n")) continue;
    const trimmed = { ...part, text: part.text.slice(0, -1) };
    out[index] = part.kind === "equal" && keepFor ? [trimmed, { kind: keepFor, text: "\n", code: part.code }] : [trimmed];
  }
  const merged: DiffPart[] = [];
  for (const part of out.flat()) push(merged, part);
  return merged;
}

/** The changes of a one-line text (a title), word by word. */
export function diffText(before: string, after: string): DiffPart[] {
  const parts: DiffPart[] = [];
  for (const word of diffWords(before, after)) push(parts, { kind: word.added ? "insert" : word.removed ? "delete" : "equal", text: word.value, code: false });
  return parts;
}

/** The tags kept, added and removed between two revisions, in the newer order (removed ones last). */
export function diffTags(before: readonly string[], after: readonly string[]): { name: string; kind: DiffPart["kind"] }[] {
  return [
    ...after.map((name) => ({ name, kind: before.includes(name) ? ("equal" as const) : ("insert" as const) })),
    ...before.filter((t) => !after.includes(t)).map((name) => ({ name, kind: "delete" as const })),
  ];
}

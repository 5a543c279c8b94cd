import { useTranslations } from "next-intl";

import type { DiffPart } from "@/lib/revisions/diff";
import { cn } from "@/lib/utils";

// Colour plus a second cue that is not colour: inserted text is underlined, deleted text struck
// through, and screen readers hear "added" / "removed" around each change.
const INSERT = "rounded-sm bg-emerald-100 text-emerald-950 underline decoration-emerald-700 decoration-2 underline-offset-2 dark:bg-emerald-950 dark:text-emerald-100";
const DELETE = "rounded-sm bg-red-100 text-red-950 line-through decoration-red-700 decoration-2 dark:bg-red-950 dark:text-red-100";

/** One changed run: `<ins>`/`<del>` with its text as React text (escaped), and spoken markers. */
function Change({ part }: { part: DiffPart }) {
  const t = useTranslations("revisions");
  const Tag = part.kind === "insert" ? "ins" : "del";
  // Inside code, whole lines change: a visible + or − starts each of them.
  const text = part.code ? part.text.replace(/^(?=.)/gm, part.kind === "insert" ? "+ " : "− ") : part.text;
  return (
    <Tag className={cn(part.kind === "insert" ? INSERT : DELETE, part.code && "block")}>
      <span className="sr-only">{part.kind === "insert" ? t("diff.addedStart") : t("diff.removedStart")} </span>
      {text}
      <span className="sr-only">{t("diff.changeEnd")}</span>
    </Tag>
  );
}

/**
 * The changes between two versions of a Markdown source (from diffMarkdown or diffText), shown as
 * the source itself with insertions and deletions marked. Everything is text: nothing is rendered
 * as HTML.
 */
export function RevisionDiff({ parts, label, className }: { parts: readonly DiffPart[]; label: string; className?: string }) {
  const t = useTranslations("revisions");
  return (
    <div
      role="group"
      aria-label={label}
      className={cn("rounded-md border bg-muted/30 p-3 font-mono text-[13px] leading-relaxed break-words whitespace-pre-wrap", className)}
    >
      {parts.length === 0 ? <span className="text-muted-foreground italic">{t("diff.empty")}</span> : null}
      {parts.map((part, i) =>
        part.kind === "equal" ? (
          <span key={i} className={cn(part.code && "text-foreground/80")}>
            {part.text}
          </span>
        ) : (
          <Change key={i} part={part} />
        ),
      )}
    </div>
  );
}

/** The tags of a question revision: kept ones plain, added ones underlined, removed ones struck through. */
export function TagDiff({ tags }: { tags: readonly { name: string; kind: DiffPart["kind"] }[] }) {
  const t = useTranslations("revisions");
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t("diff.tags")}>
      {tags.map((tag) => (
        <li key={`${tag.kind}-${tag.name}`} className="rounded-md border px-2 py-0.5 text-xs">
          {tag.kind === "equal" ? tag.name : <Change part={{ kind: tag.kind, text: tag.name, code: false }} />}
        </li>
      ))}
    </ul>
  );
}

/** What the marks mean, in words, above a list of diffs. */
export function DiffLegend() {
  const t = useTranslations("revisions");
  const legend = t.rich("diff.legend", {
    ins: (chunks) => <ins className={INSERT}>{chunks}</ins>,
    del: (chunks) => <del className={DELETE}>{chunks}</del>,
  });
  return <p className="text-sm text-muted-foreground">{legend}</p>;
}

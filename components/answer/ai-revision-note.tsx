"use client";

import { History, LoaderCircle, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";

import Link from "@/components/common/link";
import { TimeAgo } from "@/components/common/time-ago";
import type { Answer } from "@/lib/api-client/question-cache";
import type { CorrectionJson } from "@/lib/ai-revision";
import { cn } from "@/lib/utils";

/** The element id of an answer's provenance panel (the note's "See the corrections used" opens it). */
export const provenanceElementId = (answerId: number) => `answer-${answerId}-provenance`;

const linkClass = "rounded-sm font-medium underline underline-offset-2 outline-none hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** Opens the answer's provenance panel before the browser follows the link to it. */
function openProvenance(answerId: number) {
  const panel = document.getElementById(provenanceElementId(answerId));
  if (panel instanceof HTMLDetailsElement) panel.open = true;
}

/**
 * The correction loop on the automatic answer (issue 16), above its text: "Being revised…" while
 * a revision is owed or written; after one, what changed and why ("Updated after 2 members
 * pointed out a mistake", the correcting answer linked), or "Reviewed after community feedback,
 * unchanged" with the model's reason. Nothing on other answers or before any revision.
 */
export function AiRevisionNote({ answer }: { answer: Answer }) {
  const t = useTranslations("verification");
  const revision = answer.aiRevision;
  if (!revision) return null;
  if (revision.pending) {
    return (
      <div role="status" data-testid="ai-revision" data-state="pending" className="mt-3 flex items-start gap-2 rounded-lg border border-primary/25 bg-primary/[0.05] px-3 py-2.5 text-sm dark:bg-primary/[0.1]">
        <LoaderCircle className="mt-0.5 size-4 shrink-0 animate-spin text-primary motion-reduce:animate-none" aria-hidden />
        <div className="min-w-0">
          <p className="font-medium">{t("revision.pending")}</p>
          <p className="text-muted-foreground">{t("revision.pendingDetail")}</p>
        </div>
      </div>
    );
  }
  const last = revision.last;
  if (!last) return null;
  const answerCorrection = last.corrections.find((c): c is Extract<CorrectionJson, { type: "answer" }> => c.type === "answer");
  const disputes = last.corrections.filter((c) => c.type === "verdict").length;
  const post = (chunks: React.ReactNode) =>
    answerCorrection ? (
      <a href={`#answer-${answerCorrection.answerId}`} className={linkClass}>
        {chunks}
      </a>
    ) : (
      chunks
    );
  const headline =
    last.outcome === "unchanged"
      ? t("revision.unchanged")
      : last.trigger === "disputed"
        ? t("revision.revised.disputed", { count: disputes })
        : last.trigger === "accepted" || last.trigger === "outscored"
          ? t.rich(`revision.revised.${last.trigger}`, { name: answerCorrection?.name ?? "", post })
          : t(`revision.revised.${last.trigger}`);
  const Icon = last.outcome === "unchanged" ? History : RefreshCw;
  return (
    <div
      data-testid="ai-revision"
      data-state={last.outcome}
      className={cn("mt-3 flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm", last.outcome === "revised" ? "border-primary/25 bg-primary/[0.05] dark:bg-primary/[0.1]" : "bg-muted/40")}
    >
      <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0 break-words">
        <p>
          <span className="font-medium" data-testid="ai-revision-headline">
            {headline}
          </span>
          <span className="text-muted-foreground"> · </span>
          <TimeAgo date={last.at} className="text-xs text-muted-foreground" />
        </p>
        {last.summary ? <p className="mt-0.5 text-foreground/90">{last.outcome === "unchanged" ? t("revision.stands", { summary: last.summary }) : t("revision.changed", { summary: last.summary })}</p> : null}
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs">
          <a href={`#${provenanceElementId(answer.id)}`} onClick={() => openProvenance(answer.id)} className={linkClass}>
            {t("revision.seeCorrections")}
          </a>
          {last.outcome === "revised" ? (
            <Link href={`/answers/${answer.id}/revisions`} className={linkClass}>
              {t("revision.history")}
            </Link>
          ) : null}
        </p>
      </div>
    </div>
  );
}

/** The corrections the last revision used, in the provenance panel. */
export function AiRevisionCorrections({ questionId, corrections }: { questionId: number; corrections: readonly CorrectionJson[] }) {
  const t = useTranslations("verification");
  if (corrections.length === 0) return null;
  const profile = (memberId: string, chunks: React.ReactNode) =>
    memberId ? (
      <Link href={`/users/${memberId}`} className={linkClass}>
        {chunks}
      </Link>
    ) : (
      chunks
    );
  const reasonOf = (reason: string | null) => (reason ? <q className="mt-0.5 block whitespace-pre-line text-foreground/90">{reason}</q> : null);
  const describe = (c: CorrectionJson): React.ReactNode => {
    let text: React.ReactNode;
    switch (c.type) {
      case "verdict":
        text = t.rich("revision.correction.verdict", { name: c.name, member: (chunks) => profile(c.memberId, chunks) });
        return (
          <>
            {text}
            {reasonOf(c.reason)}
          </>
        );
      case "answer":
        return t.rich(`revision.correction.${c.why}`, {
          name: c.name,
          post: (chunks) => (
            <a href={`#answer-${c.answerId}`} className={linkClass}>
              {chunks}
            </a>
          ),
        });
      case "edit":
        return t.rich("revision.correction.edit", {
          n: c.questionRevision,
          post: (chunks) => (
            <Link href={`/questions/${questionId}/revisions`} className={linkClass}>
              {chunks}
            </Link>
          ),
        });
      case "moderator":
        text = t.rich("revision.correction.moderator", { name: c.name, member: (chunks) => profile(c.memberId, chunks) });
        return (
          <>
            {text}
            {reasonOf(c.reason)}
          </>
        );
    }
  };
  return (
    <div data-testid="ai-revision-corrections">
      <p className="text-muted-foreground">{t("revision.corrections")}</p>
      <ul className="mt-1.5 space-y-1.5">
        {corrections.map((c, i) => (
          <li key={`${c.type}-${i}`} className="min-w-0 break-words">
            {describe(c)}
          </li>
        ))}
      </ul>
    </div>
  );
}

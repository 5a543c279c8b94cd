import Link from "@/components/common/link";
import { ChevronRight, FileText, MessageSquare } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";

import { AiRevisionCorrections, provenanceElementId } from "@/components/answer/ai-revision-note";
import type { Answer } from "@/lib/api-client/question-cache";
import type { CorrectionJson } from "@/lib/ai-revision";

/** A duration in ms as people read it: "850 ms", "4.2 s", "1 min 5 s" (in the member's language). */
export function useFormatDuration(): (ms: number) => string {
  const t = useTranslations("answer");
  const format = useFormatter();
  return (ms) => {
    if (ms < 1000) return t("provenance.milliseconds", { ms: format.number(Math.round(ms)) });
    const seconds = ms / 1000;
    if (seconds < 60) {
      const digits = seconds < 10 ? 1 : 0;
      return t("provenance.seconds", { s: format.number(Number(seconds.toFixed(digits)), { minimumFractionDigits: digits, maximumFractionDigits: digits }) });
    }
    const minutes = Math.floor(seconds / 60);
    return t("provenance.minutes", { min: format.number(minutes), s: format.number(Math.round(seconds - minutes * 60)) });
  };
}

/**
 * "How this answer was made": the model, token usage, time taken and the community posts an AI
 * answer drew on (DECISIONS.md section 6), and the corrections its last revision used (issue 16),
 * closed until opened.
 */
export function AnswerProvenance({
  ai,
  answerId,
  questionId,
  corrections,
}: {
  ai: NonNullable<Answer["ai"]>;
  answerId?: number;
  questionId?: number;
  corrections?: readonly CorrectionJson[];
}) {
  const t = useTranslations("answer");
  const format = useFormatter();
  const formatDuration = useFormatDuration();
  const number = (n: number) => format.number(n);
  const tokens =
    ai.inputTokens !== null || ai.outputTokens !== null
      ? [ai.inputTokens !== null ? t("provenance.tokensIn", { count: number(ai.inputTokens) }) : null, ai.outputTokens !== null ? t("provenance.tokensOut", { count: number(ai.outputTokens) }) : null]
          .filter(Boolean)
          .join(" · ")
      : null;

  return (
    <details id={answerId !== undefined ? provenanceElementId(answerId) : undefined} className="group mt-4 scroll-mt-24 rounded-lg border bg-muted/40 text-sm">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-lg px-3 py-2 font-medium text-muted-foreground outline-none select-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden />
        {t("provenance.summary")}
      </summary>
      <div className="space-y-3 border-t px-3 py-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
          <dt className="text-muted-foreground">{t("provenance.model")}</dt>
          <dd className="min-w-0 font-mono text-xs break-all sm:text-sm">{ai.model ?? t("provenance.notRecorded")}</dd>
          <dt className="text-muted-foreground">{t("provenance.tokens")}</dt>
          <dd className="tabular-nums">{tokens ?? t("provenance.notRecorded")}</dd>
          <dt className="text-muted-foreground">{t("provenance.timeTaken")}</dt>
          <dd className="tabular-nums">{ai.durationMs !== null ? formatDuration(ai.durationMs) : t("provenance.notRecorded")}</dd>
        </dl>
        <div>
          <p className="text-muted-foreground">{t("provenance.sources")}</p>
          {ai.sources.length > 0 ? (
            <ul className="mt-1.5 space-y-1">
              {ai.sources.map((source) => (
                <li key={`${source.type}-${source.id}`} className="flex min-w-0 items-start gap-1.5">
                  {source.type === "question" ? (
                    <FileText className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                  ) : (
                    <MessageSquare className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                  )}
                  <Link href={source.url} className="min-w-0 rounded-sm break-words text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
                    <span className="sr-only">{source.type === "question" ? t("provenance.questionSource") : t("provenance.answerSource")} </span>
                    {source.title}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-foreground/80">{t("provenance.none")}</p>
          )}
        </div>
        {corrections && questionId !== undefined ? <AiRevisionCorrections questionId={questionId} corrections={corrections} /> : null}
      </div>
    </details>
  );
}

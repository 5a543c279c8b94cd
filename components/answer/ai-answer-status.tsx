import { AlertTriangle, Bot, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";

import type { QuestionDetail } from "@/lib/api-client/question-cache";
import { cn } from "@/lib/utils";

type AiStatus = NonNullable<QuestionDetail["aiStatus"]>;

// What readers see of a question's AI answer when the site has no AI provider (aiStatus.unavailable):
// words for readers; what to do about it is the operator's business (the start-up log says it).

const copy = {
  pending: { text: "writing", icon: Loader2, spin: true, tone: "primary" },
  running: { text: "writing", icon: Loader2, spin: true, tone: "primary" },
  failed: { text: "failed", icon: AlertTriangle, spin: false, tone: "warning" },
} as const;

/**
 * The state of a question's owed automatic answer while it is not there yet (DECISIONS.md
 * section 6): being written, failed and to be retried, or (no provider on this site) one quiet
 * line saying AI answers are not available. Nothing once it is done.
 */
export function AiAnswerStatus({ status }: { status: AiStatus | null }) {
  const t = useTranslations("answer");
  if (!status || status.status === "done") return null;
  if (status.status === "unconfigured") {
    return (
      <p role="status" className="text-sm text-muted-foreground" data-testid="ai-answer-status">
        {t("aiStatus.unavailable")}
      </p>
    );
  }
  const { text, icon: Icon, spin, tone } = copy[status.status];

  return (
    <div
      role="status"
      className={cn(
        "flex items-start gap-3 rounded-xl border px-4 py-3 text-sm",
        tone === "primary" && "border-primary/20 bg-primary/[0.04] dark:bg-primary/[0.08]",
        tone === "warning" && "border-amber-500/30 bg-amber-500/[0.06] dark:bg-amber-400/[0.08]",
      )}
      data-testid="ai-answer-status"
    >
      <span className="relative mt-0.5 flex size-5 shrink-0 items-center justify-center text-muted-foreground" aria-hidden>
        <Bot className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 font-medium">
          {t(`aiStatus.${text}`)}
          <Icon
            className={cn(
              "size-4 shrink-0",
              spin && "animate-spin text-primary motion-reduce:animate-none",
              tone === "warning" && "text-amber-600 dark:text-amber-400",
            )}
            aria-hidden
          />
        </p>
        {status.status === "failed" ? (
          <p className="mt-0.5 text-muted-foreground">
            {status.attempts > 0 ? t("aiStatus.attemptsFailed", { count: status.attempts }) : t("aiStatus.retry")}
          </p>
        ) : null}
      </div>
    </div>
  );
}

"use client";

import { Bot, Loader2, Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";

import { AiAnswerStatus } from "@/components/answer/ai-answer-status";
import { MarkdownPreview } from "@/components/question/markdown-preview";
import { Badge } from "@/components/ui/badge";
import { useAiAnswerStream } from "@/lib/api-client/ai-answers";
import type { QuestionDetail } from "@/lib/api-client/question-cache";

/**
 * The question's automatic answer while it is owed (DECISIONS.md section 6): its state (writing,
 * failed and retrying, waiting for a provider) and, once the AI writes, the answer itself token
 * by token with the AI Generated badge, until the stored answer takes its place in the list.
 */
export function AiAnswerLive({ questionId, status }: { questionId: number; status: QuestionDetail["aiStatus"] }) {
  const t = useTranslations("answer");
  const live = useAiAnswerStream(questionId, status);
  const current = live.status;
  if (!current || current.status === "done") return null;
  if (current.status !== "running" || !live.content) return <AiAnswerStatus status={current} />;

  return (
    <article
      aria-label={t("aiLive.label")}
      aria-busy="true"
      className="rounded-xl border border-primary/25 bg-card p-4 text-card-foreground shadow-xs sm:p-5"
      data-testid="ai-answer-live"
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
        <span className="inline-flex items-center gap-2 text-sm font-medium">
          <span className="flex size-7 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/20" aria-hidden>
            <Bot className="size-4" />
          </span>
          {t("aiLive.name")}
        </span>
        <Badge className="bg-primary/10 text-accent-foreground dark:bg-primary/20">
          <Sparkles aria-hidden /> {t("badges.aiGenerated")}
        </Badge>
        <span role="status" className="ml-auto inline-flex items-center gap-1.5 text-xs text-muted-foreground">
          <Loader2 className="size-3.5 animate-spin text-primary motion-reduce:animate-none" aria-hidden />
          {t("aiLive.writing")}
        </span>
      </header>
      <MarkdownPreview source={live.content} className="mt-3 break-words" />
    </article>
  );
}

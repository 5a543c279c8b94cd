"use client";

import { useRef } from "react";
import { MessagesSquare } from "lucide-react";
import { useTranslations } from "next-intl";

import { AnswerItem } from "@/components/answer/answer-item";
import type { Answer } from "@/lib/api-client/question-cache";

/**
 * The answers of a question in the server's order (the accepted one first, then best score,
 * then oldest), or the empty state; `canAccept` shows the asker Accept / Unaccept on each.
 */
export function AnswerList({
  questionId,
  answers,
  isMember,
  canAccept = false,
  locked = false,
}: {
  questionId: number;
  answers: Answer[];
  isMember: boolean;
  canAccept?: boolean;
  /** The question is locked: no votes (the answers show their scores only). */
  locked?: boolean;
}) {
  const t = useTranslations("answer");
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <section aria-labelledby="answers-heading" className="space-y-4">
      <h2 id="answers-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
        {t("list.heading", { count: answers.length })}
      </h2>
      {answers.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-center">
          <MessagesSquare className="size-8 text-muted-foreground" aria-hidden />
          <p className="text-muted-foreground">{t("list.empty")}</p>
        </div>
      ) : (
        <ol className="space-y-4">
          {answers.map((answer) => (
            <li key={answer.id}>
              <AnswerItem
                questionId={questionId}
                answer={answer}
                isMember={isMember}
                canAccept={canAccept}
                locked={locked}
                onDeleted={() => headingRef.current?.focus({ preventScroll: true })}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

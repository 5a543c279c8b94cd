"use client";

import { OwnerMenu } from "@/components/question/owner-menu";
import { SaveToggle } from "@/components/question/save-toggle";
import { ShareMenu } from "@/components/question/share-menu";
import type { QuestionSummary } from "@/lib/api-client/questions";

/** A question card's actions (its `actions` slot): share, save for members, and the author's menu. */
export function QuestionCardActions({ question }: { question: QuestionSummary }) {
  return (
    <>
      <ShareMenu question={question} />
      {question.viewerCan.save ? <SaveToggle question={question} initialSaved={question.saved} /> : null}
      <OwnerMenu question={{ id: question.id, title: question.title, tags: question.tags }} viewerCan={question.viewerCan} />
    </>
  );
}

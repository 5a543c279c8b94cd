"use client";

import dynamic from "next/dynamic";

import { ShareMenu } from "@/components/question/share-menu";
import type { QuestionSummary } from "@/lib/api-client/questions";

// Members' tools load only where they are shown (as on the question page, issue 18).
const OwnerMenu = dynamic(() => import("@/components/question/owner-menu").then((m) => m.OwnerMenu));
const SaveToggle = dynamic(() => import("@/components/question/save-toggle").then((m) => m.SaveToggle));

/** A question card's actions (its `actions` slot): share, save for members, and the author's menu. */
export function QuestionCardActions({ question }: { question: QuestionSummary }) {
  return (
    <>
      <ShareMenu question={question} />
      {question.viewerCan.save ? <SaveToggle question={question} initialSaved={question.saved} /> : null}
      {question.viewerCan.edit || question.viewerCan.delete ? (
        <OwnerMenu question={{ id: question.id, title: question.title, tags: question.tags }} viewerCan={question.viewerCan} />
      ) : null}
    </>
  );
}

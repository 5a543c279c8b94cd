"use client";

import { useState } from "react";
import { Pencil } from "lucide-react";

import { EditQuestionDialog } from "@/components/question/edit-question-dialog";
import { Button } from "@/components/ui/button";
import type { QuestionDetail } from "@/lib/api-client/question-cache";

/** "Suggest edit" on someone else's question (below the edit privilege): the Edit Question dialog, sending a suggestion. */
export function SuggestQuestionEdit({ question }: { question: Pick<QuestionDetail, "id" | "title" | "description" | "tags"> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="ghost" size="sm" className="text-muted-foreground" onClick={() => setOpen(true)}>
        <Pencil aria-hidden /> Suggest edit<span className="sr-only"> to the question</span>
      </Button>
      {open ? (
        <EditQuestionDialog question={{ id: question.id, title: question.title, description: question.description, tags: question.tags }} open={open} onOpenChange={setOpen} suggest />
      ) : null}
    </>
  );
}

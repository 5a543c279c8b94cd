"use client";

import { useState } from "react";
import { Pencil } from "lucide-react";
import { useTranslations } from "next-intl";

import { EditQuestionDialog } from "@/components/question/edit-question-dialog";
import { Button } from "@/components/ui/button";
import type { QuestionDetail } from "@/lib/api-client/question-cache";

/** "Suggest edit" on someone else's question (below the edit privilege): the Edit Question dialog, sending a suggestion. */
export function SuggestQuestionEdit({ question }: { question: Pick<QuestionDetail, "id" | "title" | "description" | "tags"> }) {
  const t = useTranslations("suggestedEdits");
  const [open, setOpen] = useState(false);
  const label = t.rich("suggest.label", { sr: (chunks) => <span className="sr-only">{chunks}</span> });
  return (
    <>
      <Button type="button" variant="ghost" size="sm" className="text-muted-foreground" onClick={() => setOpen(true)}>
        <Pencil aria-hidden /> {label}
      </Button>
      {open ? (
        <EditQuestionDialog question={{ id: question.id, title: question.title, description: question.description, tags: question.tags }} open={open} onOpenChange={setOpen} suggest />
      ) : null}
    </>
  );
}

"use client";

import { useState } from "react";
import { Loader2, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";

import { EditQuestionDialog, type EditableQuestion } from "@/components/question/edit-question-dialog";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useDeleteQuestion, type QuestionDetailData } from "@/lib/api-client/questions";

/** SPEC.md section 8's confirmation (in English; messages/<language>/question.json ownerMenu.confirmation). */
export const DELETE_QUESTION_CONFIRMATION = "Are you sure you want to delete this question? This action cannot be undone.";

type OwnerMenuProps = {
  question: EditableQuestion;
  viewerCan: { edit: boolean; delete: boolean };
  onDeleted?: () => void;
  onUpdated?: (question: QuestionDetailData) => void;
};

/**
 * The author's menu on a question (Edit, Delete), shown only for what viewerCan allows.
 * Delete asks first; `onDeleted` runs after the server removed it (a question page goes home).
 * Most question cards are other members' questions: they get nothing, and none of the menu's state.
 */
export function OwnerMenu(props: OwnerMenuProps) {
  return props.viewerCan.edit || props.viewerCan.delete ? <OwnerMenuBody {...props} /> : null;
}

function OwnerMenuBody({ question, viewerCan, onDeleted, onUpdated }: OwnerMenuProps) {
  const t = useTranslations("question");
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const deleteQuestion = useDeleteQuestion();

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" className="text-muted-foreground hover:text-foreground" aria-label={t("ownerMenu.actions", { title: question.title })}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-40">
          {viewerCan.edit ? (
            <DropdownMenuItem onSelect={() => setEditing(true)}>
              <Pencil aria-hidden /> {t("ownerMenu.edit")}
            </DropdownMenuItem>
          ) : null}
          {viewerCan.edit && viewerCan.delete ? <DropdownMenuSeparator /> : null}
          {viewerCan.delete ? (
            <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
              <Trash2 aria-hidden /> {t("ownerMenu.delete")}
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>

      {viewerCan.edit ? <EditQuestionDialog question={question} open={editing} onOpenChange={setEditing} onUpdated={onUpdated} /> : null}

      <AlertDialog open={confirming} onOpenChange={(next) => !deleteQuestion.isPending && setConfirming(next)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("ownerMenu.confirmTitle")}</AlertDialogTitle>
            <AlertDialogDescription>{t("ownerMenu.confirmation")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleteQuestion.isPending}>{t("ownerMenu.cancel")}</AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={deleteQuestion.isPending}
              onClick={() =>
                deleteQuestion.mutate(question.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    onDeleted?.();
                  },
                })
              }
            >
              {deleteQuestion.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
              {t("ownerMenu.delete")}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

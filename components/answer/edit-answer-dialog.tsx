"use client";

import { useId, useState } from "react";
import { Loader2 } from "lucide-react";

import { MarkdownEditor } from "@/components/question/markdown-editor";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useUpdateAnswer } from "@/lib/api-client/answers";
import type { Answer } from "@/lib/api-client/question-cache";
import { answerUpdateSchema } from "@/lib/validation/answers";
import { EDIT_SUMMARY_MAX_LENGTH } from "@/lib/validation/revisions";

/** Edit answer: the same Markdown editor as questions, and an optional edit summary kept with the revision. */
export function EditAnswerDialog({
  questionId,
  answer,
  open,
  onOpenChange,
}: {
  questionId: number;
  answer: Pick<Answer, "id" | "content">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-2xl">
        <DialogHeader className="px-6 pt-6 pr-12 pb-4">
          <DialogTitle>Edit answer</DialogTitle>
          <DialogDescription>Every edit is kept: the answer&apos;s revisions page shows what changed.</DialogDescription>
        </DialogHeader>
        {open ? <EditAnswerForm questionId={questionId} answer={answer} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditAnswerForm({ questionId, answer, onDone }: { questionId: number; answer: Pick<Answer, "id" | "content">; onDone: () => void }) {
  const id = useId();
  const [content, setContent] = useState(answer.content);
  const [summary, setSummary] = useState("");
  const [errors, setErrors] = useState<{ content?: string; summary?: string }>({});
  const update = useUpdateAnswer(questionId, answer.id);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = answerUpdateSchema.safeParse({ content, summary });
    if (!parsed.success) {
      const found: { content?: string; summary?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "summary" ? "summary" : "content";
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    update.mutate(parsed.data, { onSuccess: onDone });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col" aria-label="Edit answer">
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-6 pt-1 pb-5">
        <div className="space-y-2">
          <Label htmlFor={`${id}-content`}>Answer</Label>
          <MarkdownEditor
            id={`${id}-content`}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={errors.content ? `${id}-content-error` : undefined}
          />
          {errors.content ? (
            <p id={`${id}-content-error`} className="text-sm text-destructive">
              {errors.content}
            </p>
          ) : null}
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-summary`}>
            Edit summary <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id={`${id}-summary`}
            value={summary}
            maxLength={EDIT_SUMMARY_MAX_LENGTH + 50}
            placeholder="e.g. fixed a typo, added an example"
            onChange={(e) => setSummary(e.target.value)}
            aria-invalid={errors.summary ? true : undefined}
            aria-describedby={errors.summary ? `${id}-summary-error` : undefined}
          />
          {errors.summary ? (
            <p id={`${id}-summary-error`} className="text-sm text-destructive">
              {errors.summary}
            </p>
          ) : null}
        </div>
      </div>
      <DialogFooter className="border-t bg-background px-6 py-4">
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {update.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </DialogFooter>
    </form>
  );
}

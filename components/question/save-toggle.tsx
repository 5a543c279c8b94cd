"use client";

import { Bookmark, BookmarkCheck } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { useSaveQuestion, useSavedStatus, useUnsaveQuestion } from "@/lib/api-client/questions";
import { cn } from "@/lib/utils";

/**
 * Save or unsave a question for the signed-in member (SPEC.md section 4): reads Save / Saved,
 * toasts "Question saved" / "Question unsaved" or the failure. Render it only for members
 * (viewerCan.save); `initialSaved` is the flag the page was rendered with.
 */
export function SaveToggle({
  question,
  initialSaved,
  className,
  size = "sm",
}: {
  question: { id: number; title: string };
  initialSaved?: boolean;
  className?: string;
  size?: "sm" | "default";
}) {
  const t = useTranslations("question");
  const { data } = useSavedStatus(question.id, { initialSaved });
  const saved = data ?? initialSaved ?? false;
  const save = useSaveQuestion();
  const unsave = useUnsaveQuestion();
  const pending = save.isPending || unsave.isPending;
  const Icon = saved ? BookmarkCheck : Bookmark;

  return (
    <Button
      type="button"
      variant="ghost"
      size={size}
      aria-pressed={saved}
      disabled={pending}
      onClick={() => (saved ? unsave.mutate(question.id) : save.mutate(question.id))}
      className={cn(saved ? "text-primary hover:text-primary" : "text-muted-foreground hover:text-foreground", className)}
    >
      <Icon aria-hidden className={cn(saved && "fill-primary/15")} />
      <span>{saved ? t("save.saved") : t("save.save")}</span>
      <span className="sr-only">: {question.title}</span>
    </Button>
  );
}

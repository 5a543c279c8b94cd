"use client";

import { Bookmark, BookmarkCheck } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { useSaveQuestion, useSavedStatus, useUnsaveQuestion } from "@/lib/api-client/questions";
import { useEarlyAction } from "@/lib/early/use-early-action";
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
  const toggle = () => (saved ? unsave.mutate(question.id) : save.mutate(question.id));
  // A press before the page has hydrated saves once it has (lib/early/script.ts).
  const early = useEarlyAction(`save-${question.id}`, toggle);

  return (
    <Button
      type="button"
      variant="ghost"
      size={size}
      aria-pressed={saved}
      disabled={pending}
      onClick={toggle}
      {...early}
      className={cn(saved ? "text-primary hover:text-primary" : "text-muted-foreground hover:text-foreground", className)}
    >
      <Icon aria-hidden className={cn(saved && "fill-primary/15")} />
      <span>{saved ? t("save.saved") : t("save.save")}</span>
      <span className="sr-only">: {question.title}</span>
    </Button>
  );
}

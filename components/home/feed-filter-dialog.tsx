"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";

import {
  normalizeTagFilter,
  type FeedAnswers,
  type FeedOptions,
  type FeedSort,
} from "@/components/home/feed-filter";
import { FeedFilterButton } from "@/components/home/feed-filter-button";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";

const sorts: FeedSort[] = ["newest", "activity", "votes", "views"];
const answerChoices: FeedAnswers[] = ["all", "answered", "unanswered", "notAccepted"];

/**
 * The home feed's Filter dialog (SPEC.md section 2): Sorted by, Filter by and Tagged with.
 * `defaultSort` is the current tab's order; choosing it again means "no sort filter".
 */
export function FeedFilterDialog({
  options,
  defaultSort,
  onApply,
  defaultOpen = false,
}: {
  options: FeedOptions;
  defaultSort: FeedSort;
  onApply: (options: FeedOptions) => void;
  /** Open at once (FeedFilterControl in feed-filter-button.tsx mounts the dialog on the first press of its button). */
  defaultOpen?: boolean;
}) {
  const t = useTranslations("home");
  const id = useId();
  const [open, setOpen] = useState(defaultOpen);
  const [sort, setSort] = useState<FeedSort>(options.sort ?? defaultSort);
  const [answers, setAnswers] = useState<FeedAnswers>(options.answers ?? "all");
  const [tag, setTag] = useState(options.tag ?? "");

  function openChange(next: boolean) {
    if (next) {
      // Every opening starts from what the feed shows now.
      setSort(options.sort ?? defaultSort);
      setAnswers(options.answers ?? "all");
      setTag(options.tag ?? "");
    }
    setOpen(next);
  }

  function apply(event: React.FormEvent) {
    event.preventDefault();
    const next: FeedOptions = {};
    if (sort !== defaultSort) next.sort = sort;
    if (answers !== "all") next.answers = answers;
    const normalized = normalizeTagFilter(tag);
    if (normalized) next.tag = normalized;
    onApply(next);
    setOpen(false);
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <FeedFilterButton options={options} />
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("filterDialog.title")}</DialogTitle>
          <DialogDescription>{t("filterDialog.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={apply} className="space-y-6">
          <fieldset className="space-y-3">
            <legend className="mb-3 text-sm font-semibold">{t("filterDialog.sortedBy")}</legend>
            <RadioGroup value={sort} onValueChange={(v) => setSort(v as FeedSort)} className="grid-cols-2 gap-2">
              {sorts.map((value) => (
                <Choice key={value} id={`${id}-sort-${value}`} value={value} label={t(`feed.sort.${value}`)} />
              ))}
            </RadioGroup>
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="mb-3 text-sm font-semibold">{t("filterDialog.filterBy")}</legend>
            <RadioGroup value={answers} onValueChange={(v) => setAnswers(v as FeedAnswers)} className="grid-cols-1 gap-2 sm:grid-cols-2">
              {answerChoices.map((value) => (
                <Choice key={value} id={`${id}-answers-${value}`} value={value} label={t(`feed.answers.${value}`)} />
              ))}
            </RadioGroup>
          </fieldset>

          <div className="space-y-2">
            <Label htmlFor={`${id}-tag`} className="text-sm font-semibold">
              {t("filterDialog.taggedWith")}
            </Label>
            <Input
              id={`${id}-tag`}
              value={tag}
              onChange={(e) => setTag(e.target.value)}
              placeholder={t("filterDialog.tagPlaceholder")}
              autoComplete="off"
              maxLength={50}
            />
          </div>

          <DialogFooter className="gap-2">
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setSort(defaultSort);
                setAnswers("all");
                setTag("");
              }}
            >
              {t("filterDialog.reset")}
            </Button>
            <Button type="submit">{t("filterDialog.apply")}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Choice({ id, value, label }: { id: string; value: string; label: string }) {
  return (
    <Label
      htmlFor={id}
      className="cursor-pointer rounded-md border px-3 py-2.5 font-normal whitespace-nowrap transition-colors hover:bg-accent/60 has-[[data-state=checked]]:border-primary/50 has-[[data-state=checked]]:bg-primary/5 dark:has-[[data-state=checked]]:bg-primary/10"
    >
      <RadioGroupItem id={id} value={value} />
      {label}
    </Label>
  );
}

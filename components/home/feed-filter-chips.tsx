"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";

import type { FeedOptions } from "@/components/home/feed-filter";
import { Button } from "@/components/ui/button";

type OptionName = keyof FeedOptions;

/** The active filters as removable chips, with "Clear all" (SPEC.md section 2); nothing when none is active. */
export function FeedFilterChips({
  options,
  onRemove,
  onClearAll,
}: {
  options: FeedOptions;
  onRemove: (name: OptionName) => void;
  onClearAll: () => void;
}) {
  const t = useTranslations("home");
  const chips: { name: OptionName; label: string; value: string }[] = [];
  if (options.sort) chips.push({ name: "sort", label: t("filterDialog.sortedBy"), value: t(`feed.sort.${options.sort}`) });
  if (options.answers) chips.push({ name: "answers", label: t("filterDialog.filterBy"), value: t(`feed.answers.${options.answers}`) });
  if (options.tag) chips.push({ name: "tag", label: t("filterDialog.taggedWith"), value: options.tag });
  if (chips.length === 0) return null;

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("filterChips.label")}>
      <ul className="flex flex-wrap items-center gap-2">
        {chips.map((chip) => (
          <li key={chip.name}>
            <span className="inline-flex items-center gap-1 rounded-full border border-primary/25 bg-primary/5 py-0.5 pr-0.5 pl-3 text-xs dark:bg-primary/10">
              <span className="text-muted-foreground">{t("filterChips.name", { label: chip.label })}</span>
              <span className="font-medium text-foreground">{chip.value}</span>
              <button
                type="button"
                onClick={() => onRemove(chip.name)}
                aria-label={t("filterChips.remove", { label: chip.label, value: chip.value })}
                className="ml-0.5 rounded-full p-1 text-muted-foreground outline-none transition-colors hover:bg-primary/10 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <X className="size-3" aria-hidden />
              </button>
            </span>
          </li>
        ))}
      </ul>
      <Button type="button" variant="link" size="sm" className="h-7 px-1" onClick={onClearAll}>
        {t("filterChips.clearAll")}
      </Button>
    </div>
  );
}

"use client";

import { lazy, Suspense, useState, type ComponentProps } from "react";
import { SlidersHorizontal } from "lucide-react";
import { useTranslations } from "next-intl";

import type { FeedOptions, FeedSort } from "@/components/home/feed-filter";
import { Button } from "@/components/ui/button";

// The Filter dialog's code (Radix Dialog and RadioGroup) loads the first time its button is
// pressed, then opens (issue 18): most readers of a feed never filter it.
const FeedFilterDialog = lazy(() => import("@/components/home/feed-filter-dialog").then((m) => ({ default: m.FeedFilterDialog })));

/** The feed's Filter button, with the number of filters in use. */
export function FeedFilterButton({ options, ...props }: ComponentProps<typeof Button> & { options: FeedOptions }) {
  const t = useTranslations("home");
  const active = [options.sort, options.answers, options.tag].filter(Boolean).length;
  return (
    <Button variant="outline" aria-haspopup="dialog" {...props}>
      <SlidersHorizontal aria-hidden /> {t("filterDialog.open")}
      {active > 0 ? (
        <span className="ml-0.5 rounded-full bg-primary px-1.5 py-0.5 text-[11px] leading-none font-semibold text-primary-foreground tabular-nums">
          {active}
          <span className="sr-only"> {t("filterDialog.active")}</span>
        </span>
      ) : null}
    </Button>
  );
}

/** The Filter button, and from its first press the Filter dialog (SPEC.md section 2). */
export function FeedFilterControl(props: { options: FeedOptions; defaultSort: FeedSort; onApply: (options: FeedOptions) => void }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return <FeedFilterButton options={props.options} aria-expanded={false} onClick={() => setWanted(true)} />;
  return (
    <Suspense fallback={<FeedFilterButton options={props.options} aria-busy />}>
      <FeedFilterDialog {...props} defaultOpen />
    </Suspense>
  );
}

"use client";

import Link from "@/components/common/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";

import { cn } from "@/lib/utils";

const TABS = [
  { href: "/review", label: "flags" },
  { href: "/review/suggested-edits", label: "suggestedEdits" },
] as const;

/** The review pages' tabs: flagged posts (moderators and admins only: `showFlags`) and suggested edits. */
export function ReviewTabs({ showFlags = true }: { showFlags?: boolean }) {
  const t = useTranslations("review.tabs");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")} className="flex gap-1 border-b">
      {TABS.filter((tab) => showFlags || tab.href !== "/review").map((tab) => {
        const current = pathname === tab.href;
        return (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={current ? "page" : undefined}
            className={cn(
              "-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              current ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {t(tab.label)}
          </Link>
        );
      })}
    </nav>
  );
}

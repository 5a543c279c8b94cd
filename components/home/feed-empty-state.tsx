import Link from "@/components/common/link";
import { FilterX, MessageSquarePlus, Rss } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import type { FeedFilter } from "@/components/home/feed-filter";

function Frame({ icon: Icon, children }: { icon: typeof Rss; children: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/20">
        <Icon className="size-6" aria-hidden />
      </span>
      {children}
    </div>
  );
}

/**
 * What the feed shows when it has no questions (SPEC.md section 2's exact wording). `onAsk`
 * opens the Ask dialog in place; without it the button links to `askHref` (/?ask=1; the sign-in
 * page for a visitor). With filters on, it says that nothing matches them instead.
 */
export function FeedEmptyState({
  filter,
  onAsk,
  askHref = "/?ask=1",
  filtered = false,
  onClearFilters,
}: {
  filter: FeedFilter;
  onAsk?: () => void;
  askHref?: string;
  filtered?: boolean;
  onClearFilters?: () => void;
}) {
  const t = useTranslations("home.emptyState");
  if (filter === "following") {
    return (
      <Frame icon={Rss}>
        <p className="mt-4 max-w-md text-sm text-muted-foreground">
          {t("following")}
        </p>
        <Button asChild variant="outline" className="mt-5">
          <Link href="/tags">{t("exploreTags")}</Link>
        </Button>
      </Frame>
    );
  }
  if (filtered) {
    return (
      <Frame icon={FilterX}>
        <p className="mt-4 max-w-md text-sm text-muted-foreground">{t("noMatch")}</p>
        {onClearFilters ? (
          <Button variant="outline" className="mt-5" onClick={onClearFilters}>
            {t("clearAll")}
          </Button>
        ) : null}
      </Frame>
    );
  }
  return (
    <Frame icon={MessageSquarePlus}>
      <p className="mt-4 max-w-md text-sm text-muted-foreground">{t("none")}</p>
      {/* A real link, so a press before hydration still leads to the Ask dialog; upgraded to open it in place. */}
      <Button asChild className="mt-5">
        <Link
          href={askHref}
          onClick={(event) => {
            if (!onAsk || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            onAsk();
          }}
        >
          {t("askFirst")}
        </Link>
      </Button>
    </Frame>
  );
}

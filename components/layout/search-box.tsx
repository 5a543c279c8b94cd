import { Search } from "lucide-react";
import { useTranslations } from "next-intl";

import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/**
 * The top bar's search: a plain GET form to /search, for members and visitors alike (issue 19
 * opened search to visitors, under a per-IP limit; docs/DECISIONS.md).
 */
export function SearchBox({ className }: { className?: string }) {
  const t = useTranslations("shell");
  return (
    <form role="search" action="/search" method="get" className={cn("relative w-full", className)}>
      <label htmlFor="site-search" className="sr-only">
        {t("searchBox.label")}
      </label>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        id="site-search"
        name="q"
        type="search"
        autoComplete="off"
        maxLength={200}
        placeholder={t("searchBox.placeholder")}
        className="h-9 rounded-full bg-muted/60 pl-9 shadow-none focus-visible:bg-background dark:bg-input/30"
      />
    </form>
  );
}

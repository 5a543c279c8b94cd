import { Search } from "lucide-react";

import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/**
 * The top bar's search: a plain GET form to /search for members, disabled for visitors
 * (SPEC.md section 6: the search box is disabled when signed out).
 */
export function SearchBox({ enabled, className }: { enabled: boolean; className?: string }) {
  return (
    <form role="search" action="/search" method="get" className={cn("relative w-full", className)}>
      <label htmlFor="site-search" className="sr-only">
        Search questions
      </label>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        id="site-search"
        name="q"
        type="search"
        autoComplete="off"
        maxLength={200}
        disabled={!enabled}
        placeholder={enabled ? "Search questions..." : "Sign in to search"}
        className="h-9 rounded-full bg-muted/60 pl-9 shadow-none focus-visible:bg-background dark:bg-input/30"
      />
    </form>
  );
}

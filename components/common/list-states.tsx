"use client";

import type { ComponentType, ReactNode } from "react";
import { Loader2, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** What the list states need of a TanStack infinite query. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The "Load More ..." button under a paged list; nothing once the last page is shown. */
export function LoadMoreButton({ query, label, className }: { query: PagedQuery; label: string; className?: string }) {
  const t = useTranslations("common.listStates");
  if (!query.hasNextPage) return null;
  return (
    <div className={cn("flex justify-center pt-1", className)}>
      <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} className="min-w-44">
        {query.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {query.isFetchingNextPage ? t("loading") : label}
      </Button>
    </div>
  );
}

/** A list that could not be loaded: what went wrong and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => unknown }) {
  const t = useTranslations("common.listStates");
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <p className="text-sm text-muted-foreground">{message}</p>
      <Button variant="outline" size="sm" onClick={() => void onRetry()}>
        <RefreshCw aria-hidden /> {t("tryAgain")}
      </Button>
    </div>
  );
}

/** An empty list: an icon, an optional heading, a line of text and an optional action. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  headingLevel = 3,
}: {
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/20">
        <Icon className="size-6" aria-hidden />
      </span>
      {title ? <Heading className="mt-4 text-base font-semibold">{title}</Heading> : null}
      {children ? <p className={cn("max-w-md text-sm text-muted-foreground", title ? "mt-1" : "mt-4")}>{children}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

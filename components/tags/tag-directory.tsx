"use client";

import { useEffect, useId, useState } from "react";
import { ArrowRight, Search, Tags } from "lucide-react";
import { useTranslations } from "next-intl";

import Link from "@/components/common/link";
import { TagCard } from "@/components/tags/tag-card";
import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { flattenPages, totalOf, type ListPage } from "@/lib/api-client/paging";
import { useTagDirectory, type Tag } from "@/lib/api-client/tags";
import { useTypedBeforeHydration } from "@/lib/early/use-typed-before-hydration";

/** How long the search waits for typing to pause. */
const SEARCH_DEBOUNCE_MS = 300;

/** The directory's translator (namespace tags.directory). */
type DirectoryTranslator = ReturnType<typeof useTranslations<"tags.directory">>;

/** SPEC.md section 2's count line: 'n tags available', or 'Found n tags matching' a search. */
export function tagCountText(t: DirectoryTranslator, total: number, search: string): string {
  return search ? t("countFound", { count: total, search }) : t("countAvailable", { count: total });
}

/** What the directory shows of a category above its tags. */
export interface TagDirectoryCategory {
  id: number;
  name: string;
  color: string;
  description: string | null;
}

/** A section of the directory: a category's loaded tags, or (category null) "Other" for the tags without one. */
export interface TagSection {
  category: TagDirectoryCategory | null;
  tags: Tag[];
}

/**
 * The loaded tags grouped by category, in the categories' order (by name), each keeping the
 * list's order (most questions first); tags without a known category come last under "Other".
 * Categories without a loaded tag are left out.
 */
export function groupTagsByCategory(tags: Tag[], categories: TagDirectoryCategory[]): TagSection[] {
  const byId = new Map(categories.map((category) => [category.id, [] as Tag[]]));
  const other: Tag[] = [];
  for (const tag of tags) (tag.categoryId !== null ? (byId.get(tag.categoryId) ?? other) : other).push(tag);
  const sections: TagSection[] = categories.map((category) => ({ category, tags: byId.get(category.id)! })).filter((section) => section.tags.length > 0);
  if (other.length > 0) sections.push({ category: null, tags: other });
  return sections;
}

/**
 * Explore Tags (SPEC.md section 2): a name search (kept in ?search=), the count line, the tag
 * cards with Follow for members grouped by category (tags without one under "Other"), and more
 * tags a page at a time. `initialPage` is the server's first page for `initialSearch`;
 * `initialFollowing` the member's follow state of its tags; `categories` every category by name
 * (with none, the tags are one list).
 */
export function TagDirectory({
  initialSearch,
  initialPage,
  initialFollowing,
  signedIn,
  categories = [],
}: {
  initialSearch: string;
  initialPage: ListPage<Tag>;
  initialFollowing: Record<number, boolean>;
  signedIn: boolean;
  categories?: TagDirectoryCategory[];
}) {
  const t = useTranslations("tags.directory");
  const id = useId();
  const [input, setInput] = useState(initialSearch);
  const typedEarly = useTypedBeforeHydration(input, setInput);
  const [search, setSearch] = useState(initialSearch);

  useEffect(() => {
    const next = input.trim().toLowerCase();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      const url = new URL(window.location.href);
      if (next) url.searchParams.set("search", next);
      else url.searchParams.delete("search");
      window.history.replaceState(null, "", `${url.pathname}${url.search}`);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, search]);

  const query = useTagDirectory(search, { initialPage: search === initialSearch ? initialPage : undefined });
  const tags = flattenPages(query.data);
  const total = totalOf(query.data) ?? tags.length;
  const showingOld = query.isPlaceholderData;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
            {query.isPending ? t("loading") : showingOld ? t("searching") : tagCountText(t, total, search)}
          </p>
        </div>
        <form role="search" aria-label={t("searchForm")} className="relative w-full sm:max-w-xs" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={`${id}-search`} className="sr-only">
            {t("searchLabel")}
          </label>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={`${id}-search`}
            type="search"
            ref={typedEarly}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder={t("searchPlaceholder")}
            autoComplete="off"
            maxLength={100}
            className="pl-9"
          />
        </form>
      </div>

      {query.isPending ? (
        <TagGridSkeleton />
      ) : query.isError && tags.length === 0 ? (
        <LoadError message={t("loadError")} onRetry={() => query.refetch()} />
      ) : tags.length === 0 ? (
        <EmptyState icon={Tags}>{search ? t("noMatch", { search }) : t("none")}</EmptyState>
      ) : (
        <>
          {categories.length === 0 ? (
            <TagGrid tags={tags} label={t("list")} showingOld={showingOld} signedIn={signedIn} initialFollowing={initialFollowing} headingLevel={2} />
          ) : (
            <div className="space-y-8">
              {groupTagsByCategory(tags, categories).map(({ category, tags: sectionTags }) => (
                <TagCategorySection
                  key={category?.id ?? "other"}
                  category={category}
                  tags={sectionTags}
                  showingOld={showingOld}
                  signedIn={signedIn}
                  initialFollowing={initialFollowing}
                />
              ))}
            </div>
          )}
          <LoadMoreButton query={query} label={t("loadMore")} />
        </>
      )}
    </div>
  );
}

/** One category's tags under its name (a link to the category page), or the tags without one under "Other". */
function TagCategorySection({
  category,
  tags,
  showingOld,
  signedIn,
  initialFollowing,
}: {
  category: TagDirectoryCategory | null;
  tags: Tag[];
  showingOld: boolean;
  signedIn: boolean;
  initialFollowing: Record<number, boolean>;
}) {
  const t = useTranslations("tags.directory");
  const headingId = useId();
  const name = category?.name ?? t("other");
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <span aria-hidden className="size-3 shrink-0 rounded-full" style={{ backgroundColor: category?.color ?? "var(--muted-foreground)" }} />
            {name}
          </h2>
          {category?.description ? <p className="mt-0.5 text-sm text-muted-foreground">{category.description}</p> : null}
        </div>
        {category ? (
          <Link
            href={`/categories/${category.id}`}
            className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {t("viewCategory")}<span className="sr-only"> {name}</span>
            <ArrowRight className="size-3.5" aria-hidden />
          </Link>
        ) : null}
      </div>
      <TagGrid tags={tags} label={category ? t("tagsIn", { name }) : t("otherTags")} showingOld={showingOld} signedIn={signedIn} initialFollowing={initialFollowing} headingLevel={3} />
    </section>
  );
}

function TagGrid({
  tags,
  label,
  showingOld,
  signedIn,
  initialFollowing,
  headingLevel,
}: {
  tags: Tag[];
  label: string;
  showingOld: boolean;
  signedIn: boolean;
  initialFollowing: Record<number, boolean>;
  headingLevel: 2 | 3;
}) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={label} aria-busy={showingOld || undefined} data-stale={showingOld || undefined}>
      {tags.map((tag) => (
        <li key={tag.id} className={showingOld ? "opacity-60 transition-opacity" : undefined}>
          <TagCard tag={tag} signedIn={signedIn} initialIsFollowing={initialFollowing[tag.id]} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

function TagGridSkeleton() {
  const t = useTranslations("tags.directory");
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label={t("loadingAria")}>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="space-y-4 rounded-xl border bg-card p-5">
          <div className="flex justify-between">
            <Skeleton className="h-6 w-24" />
            <Skeleton className="h-8 w-24" />
          </div>
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-8 w-32" />
        </div>
      ))}
    </div>
  );
}

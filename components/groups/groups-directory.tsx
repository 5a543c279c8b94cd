"use client";

import { useEffect, useId, useState, type ReactNode } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Plus, Search, UsersRound } from "lucide-react";
import { useTranslations } from "next-intl";

import { SignInPrompt } from "@/components/auth/sign-in-prompt";
import { GroupCard } from "@/components/groups/group-card";
import { GroupFormDialog } from "@/components/groups/group-form-dialog";
import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { useGroupDirectory, type Group } from "@/lib/api-client/groups";
import { flattenPages, totalOf, type ListPage } from "@/lib/api-client/paging";
import { GROUP_SEARCH_MAX_LENGTH } from "@/lib/validation/groups";
import { useTypedBeforeHydration } from "@/lib/early/use-typed-before-hydration";

/** How long the search waits for typing to pause. */
const SEARCH_DEBOUNCE_MS = 300;

/** The first pages the server rendered: the member's groups and the others, or the results of `search`. */
export interface GroupsDirectoryInitial {
  search: string;
  joined?: ListPage<Group>;
  discover?: ListPage<Group>;
  results?: ListPage<Group>;
}

/**
 * /groups (SPEC.md section 2): the title, a name or description search (kept in ?search=), the
 * Create Group dialog (also opened by ?create=true, which is then taken out of the address),
 * "Your Groups" and "Discover Groups", or "Search Results" while searching. A visitor
 * (`signedIn` false) sees "All Groups" and the search, with Create Group as a sign-in prompt.
 */
export function GroupsDirectory({ initial, signedIn = true }: { initial: GroupsDirectoryInitial; signedIn?: boolean }) {
  const t = useTranslations("groups.directory");
  const id = useId();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [input, setInput] = useState(initial.search);
  const typedEarly = useTypedBeforeHydration(input, setInput);
  const [search, setSearch] = useState(initial.search);
  const [createOpen, setCreateOpen] = useState(false);

  // ?create=true (the top bar's and side bar's "Create Group") opens the dialog once; the
  // effect below then takes it out of the address, so a reload does not open it again.
  const wantsCreate = searchParams.get("create") === "true";
  const [handledCreate, setHandledCreate] = useState(false);
  if (wantsCreate && !handledCreate && signedIn) {
    setHandledCreate(true);
    setCreateOpen(true);
  } else if (!wantsCreate && handledCreate) {
    setHandledCreate(false);
  }
  useEffect(() => {
    if (!wantsCreate || !signedIn) return;
    const params = new URLSearchParams(searchParams.toString());
    params.delete("create");
    const query = params.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }, [wantsCreate, signedIn, searchParams, pathname, router]);

  useEffect(() => {
    const next = input.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      const url = new URL(window.location.href);
      if (next) url.searchParams.set("search", next);
      else url.searchParams.delete("search");
      window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}`);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, search]);

  const searching = search.length > 0;
  const fromServer = search === initial.search;
  const joined = useGroupDirectory("", "joined", { enabled: !searching && signedIn, initialPage: initial.joined });
  // A visitor belongs to no group: "discover" lists every group (GET /api/groups).
  const discover = useGroupDirectory("", signedIn ? "discover" : undefined, { enabled: !searching, initialPage: initial.discover });
  const results = useGroupDirectory(search, undefined, { enabled: searching, initialPage: fromServer ? initial.results : undefined });

  const createButton = (label = t("create")) =>
    signedIn ? (
      <Button onClick={() => setCreateOpen(true)}>
        <Plus aria-hidden /> {label}
      </Button>
    ) : (
      <SignInPrompt returnTo="/groups?create=true" label={t("signInToCreate")} size="default" />
    );
  const nothingAtAll =
    (!signedIn || (!joined.isPending && flattenPages(joined.data).length === 0)) && !discover.isPending && flattenPages(discover.data).length === 0;

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {signedIn ? t("introMember") : t("introVisitor")}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <form role="search" aria-label={t("searchForm")} className="relative w-full sm:w-72" onSubmit={(e) => e.preventDefault()}>
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
              maxLength={GROUP_SEARCH_MAX_LENGTH}
              className="pl-9"
            />
          </form>
          {createButton()}
        </div>
      </div>

      {signedIn ? (
        <GroupFormDialog
          mode="create"
          open={createOpen}
          onOpenChange={setCreateOpen}
          onSaved={(group) => {
            router.push(`/groups/${group.id}`);
            router.refresh();
          }}
        />
      ) : null}

      {searching ? (
        <GroupSection title={t("searchResults")} loadingLabel={t("loadingResults")} id={`${id}-results`} query={results} count>
          <GroupsEmpty>{t("noGroupsFound")}</GroupsEmpty>
        </GroupSection>
      ) : (
        <>
          {signedIn ? (
            <GroupSection title={t("yourGroups")} loadingLabel={t("loadingYours")} id={`${id}-joined`} query={joined}>
              <GroupsEmpty action={nothingAtAll ? undefined : createButton(t("createAGroup"))}>
                {nothingAtAll ? t("noneJoined") : t("noneJoinedHint")}
              </GroupsEmpty>
            </GroupSection>
          ) : null}
          <GroupSection title={signedIn ? t("discover") : t("all")} loadingLabel={signedIn ? t("loadingDiscover") : t("loadingAll")} id={`${id}-discover`} query={discover}>
            {nothingAtAll ? (
              <GroupsEmpty action={createButton(t("createFirst"))}>{t("noGroupsYet")}</GroupsEmpty>
            ) : (
              <GroupsEmpty>{t("memberOfAll")}</GroupsEmpty>
            )}
          </GroupSection>
        </>
      )}
    </div>
  );
}

type DirectoryQuery = ReturnType<typeof useGroupDirectory>;

/** One titled grid of group cards, with its loading, error and empty states and "Load More Groups". */
function GroupSection({
  title,
  loadingLabel,
  id,
  query,
  count = false,
  children,
}: {
  title: string;
  loadingLabel: string;
  id: string;
  query: DirectoryQuery;
  count?: boolean;
  children: ReactNode;
}) {
  const t = useTranslations("groups.directory");
  const groups = flattenPages(query.data);
  const total = totalOf(query.data) ?? groups.length;
  const stale = query.isPlaceholderData;
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {count && !query.isPending ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {stale ? t("searching") : t("groupCount", { count: total })}
          </p>
        ) : null}
      </div>
      {query.isPending ? (
        <GroupGridSkeleton label={loadingLabel} />
      ) : query.isError && groups.length === 0 ? (
        <LoadError message={t("loadError")} onRetry={() => query.refetch()} />
      ) : groups.length === 0 ? (
        children
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 2xl:grid-cols-3" aria-labelledby={id} aria-busy={stale || undefined}>
            {groups.map((group) => (
              <li key={group.id} className={stale ? "opacity-60 transition-opacity" : undefined}>
                <GroupCard group={group} />
              </li>
            ))}
          </ul>
          <LoadMoreButton query={query} label={t("loadMore")} />
        </>
      )}
    </section>
  );
}

function GroupsEmpty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <EmptyState icon={UsersRound} action={action}>
      {children}
    </EmptyState>
  );
}

function GroupGridSkeleton({ label }: { label: string }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 2xl:grid-cols-3" role="status" aria-label={label}>
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-xl border bg-card">
          <Skeleton className="h-20 w-full rounded-none" />
          <div className="space-y-3 p-4">
            <Skeleton className="size-12 rounded-xl" />
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-32" />
          </div>
        </div>
      ))}
    </div>
  );
}

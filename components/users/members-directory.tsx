"use client";

import { useEffect, useState } from "react";
import { Search, Users } from "lucide-react";
import { useTranslations } from "next-intl";

import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";
import { MemberCard } from "@/components/users/member-card";
import { MEMBER_TAB_BAR, MEMBER_TABS, memberTabBarValue } from "@/components/users/member-tabs";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { ListPage } from "@/lib/api-client/paging";
import { useMembers, type Member, type UserListTab } from "@/lib/api-client/users";
import { USER_SEARCH_MAX_LENGTH } from "@/lib/validation/users";
import { useTypedBeforeHydration } from "@/lib/early/use-typed-before-hydration";
import { useDebounced } from "@/lib/use-debounced";

const SEARCH_DELAY_MS = 300;
/** The Top Reputation tab's two periods: all time and the last 30 days. */
const REPUTATION_PERIODS = ["reputation", "reputation-month"] as const satisfies readonly UserListTab[];


/**
 * The members directory (/users): a server-side search by name, the tabs computed by the server
 * over the last 30 days (Top Reputation also over all time, chosen inside the tab), member cards with working Follow buttons, "No users found".
 * The tab and search stay in the address (?tab=, ?q=).
 */
export function MembersDirectory({ initialTab, initialSearch, initialPage }: { initialTab: UserListTab; initialSearch: string; initialPage?: ListPage<Member> }) {
  const t = useTranslations("users.directory");
  const tabsT = useTranslations("users.tabs");
  const [tab, setTab] = useState<UserListTab>(initialTab);
  const [search, setSearch] = useState(initialSearch);
  const typedEarly = useTypedBeforeHydration(search, setSearch);
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const isInitial = tab === initialTab && term === initialSearch.trim();
  const query = useMembers(tab, term, { initialPage: isInitial ? initialPage : undefined });

  useEffect(() => {
    const url = new URL(window.location.href);
    if (tab === "new") url.searchParams.delete("tab");
    else url.searchParams.set("tab", tab);
    if (term) url.searchParams.set("q", term);
    else url.searchParams.delete("q");
    window.history.replaceState(window.history.state, "", url);
  }, [tab, term]);

  const members = query.data?.pages.flatMap((p) => p.items) ?? [];
  const searching = search.trim() !== term || (query.isFetching && !query.isFetchingNextPage);

  const list = (
    <div aria-busy={searching || undefined}>
      <p className="sr-only" aria-live="polite">
        {query.isPending || searching ? t("loading") : members.length === 0 ? t("noUsers") : t("shown", { count: members.length })}
      </p>
      {query.isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label={t("loading")}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-52 rounded-xl" />
          ))}
        </div>
      ) : query.isError ? (
        <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
      ) : members.length === 0 ? (
        <EmptyState icon={Users} title={t("noUsers")}>
          {term ? t("tryAnotherName") : tab === "new" || tab === "reputation" ? t("nobodyJoined") : t("nobodyActive")}
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {members.map((member) => (
            <li key={member.id}>
              <MemberCard member={member} tab={tab} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <div className="space-y-6">
      <div className="relative max-w-xl">
        <label htmlFor="member-search" className="sr-only">
          {t("searchLabel")}
        </label>
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id="member-search"
          type="search"
          ref={typedEarly}
          value={search}
          maxLength={USER_SEARCH_MAX_LENGTH}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t("searchPlaceholder")}
          autoComplete="off"
          className="pl-9"
        />
      </div>

      <Tabs value={memberTabBarValue(tab)} onValueChange={(v) => setTab(v as UserListTab)} className="gap-3">
        <TabsList aria-label={t("tabsLabel")} className="h-auto w-full flex-wrap justify-start gap-1 sm:w-fit">
          {MEMBER_TAB_BAR.map((value) => (
            <TabsTrigger key={value} value={value} className="flex-none px-3 data-[state=active]:text-foreground">
              {tabsT(MEMBER_TABS[value])}
            </TabsTrigger>
          ))}
        </TabsList>
        {MEMBER_TAB_BAR.map((value) => (
          <TabsContent key={value} value={value} className="space-y-4">
            {value === memberTabBarValue(tab) ? (
              <>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm text-muted-foreground">{tabsT(`${MEMBER_TABS[tab]}Description`)}</p>
                  {value === "reputation" ? (
                    <div role="group" aria-label={t("periodLabel")} className="inline-flex rounded-md border p-0.5">
                      {REPUTATION_PERIODS.map((period) => (
                        <Button
                          key={period}
                          type="button"
                          size="sm"
                          variant={tab === period ? "secondary" : "ghost"}
                          aria-pressed={tab === period}
                          className="h-7 px-2.5 text-xs"
                          onClick={() => setTab(period)}
                        >
                          {period === "reputation" ? t("allTime") : t("last30Days")}
                        </Button>
                      ))}
                    </div>
                  ) : null}
                </div>
                {list}
              </>
            ) : null}
          </TabsContent>
        ))}
      </Tabs>

      <LoadMoreButton query={query} label={t("loadMore")} />
    </div>
  );
}

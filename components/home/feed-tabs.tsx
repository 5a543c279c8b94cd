"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";

import { feedTabs, parseFeedFilter, type FeedFilter } from "@/components/home/feed-filter";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

/** The feed's tabs (Newest, Popular, Frequent, Following, or `tabs`); `children` is the current tab's panel. */
export function FeedTabs({
  current,
  onChange,
  tabs = feedTabs,
  children,
}: {
  current: FeedFilter;
  onChange: (filter: FeedFilter) => void;
  tabs?: typeof feedTabs;
  children: ReactNode;
}) {
  const t = useTranslations("home.feed");
  return (
    <Tabs value={current} onValueChange={(value) => onChange(parseFeedFilter(value))} className="gap-4">
      <div className="-mx-1 overflow-x-auto px-1 pb-0.5">
        <TabsList aria-label={t("listsLabel")} className="h-10">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.filter} value={tab.filter} className="px-3">
              {t(`tabs.${tab.filter}`)}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      {tabs.map((tab) => (
        <TabsContent key={tab.filter} value={tab.filter} className="space-y-4">
          {tab.filter === current ? children : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}

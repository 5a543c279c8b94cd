import { Suspense } from "react";
import { useTranslations } from "next-intl";

import {
  SidebarGroups,
  SidebarGroupsSkeleton,
  SidebarTags,
  SidebarTagsSkeleton,
  SidebarTrending,
  SidebarTrendingSkeleton,
} from "@/components/layout/sidebar-blocks";
import { SidebarNav } from "@/components/layout/sidebar-nav";
import { Separator } from "@/components/ui/separator";

/** The signed-in side bar (large screens only); each block streams in behind its own placeholders. */
export function Sidebar() {
  const t = useTranslations("shell");
  return (
    <aside aria-label={t("landmarks.sidebar")} className="hidden w-64 shrink-0 border-r lg:block">
      <div className="sticky top-16 max-h-[calc(100dvh-4rem)] space-y-4 overflow-y-auto px-3 py-4">
        <Suspense fallback={<SidebarNav highlight={false} />}>
          <SidebarNav />
        </Suspense>
        <Separator />
        <Suspense fallback={<SidebarGroupsSkeleton />}>
          <SidebarGroups />
        </Suspense>
        <Suspense fallback={<SidebarTagsSkeleton />}>
          <SidebarTags />
        </Suspense>
        <Suspense fallback={<SidebarTrendingSkeleton />}>
          <SidebarTrending />
        </Suspense>
      </div>
    </aside>
  );
}

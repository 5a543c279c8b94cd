import type { Metadata } from "next";

import { GroupsDirectory, type GroupsDirectoryInitial } from "@/components/groups/groups-directory";
import { GROUP_PAGE_SIZE } from "@/lib/api-client/paging";
import { requireMemberForPage } from "@/lib/server/auth/member-page";
import type { Viewer } from "@/lib/server/auth/session";
import { presentGroup } from "@/lib/server/groups/presenters";
import { countGroups, listGroups, type GroupListOptions } from "@/lib/server/groups/queries";
import { groupSearchParamSchema } from "@/lib/validation/groups";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = {
  title: "Groups",
  description: "Join Agora groups around the topics you care about, ask questions among their members, or start a group of your own.",
  keywords: ["groups", "communities", "private groups", "ask in a group", "Agora"],
  robots: { index: false },
};

/** The ?search= of the address, as GET /api/groups reads it ("" when none or invalid). */
function searchOf(params: Record<string, string | string[] | undefined>): string {
  const raw = Array.isArray(params.search) ? params.search[0] : params.search;
  const parsed = groupSearchParamSchema.safeParse(raw);
  return parsed.success ? (parsed.data ?? "") : "";
}

async function firstPage(viewer: Viewer, options: Pick<GroupListOptions, "search" | "membership">) {
  const [page, total] = await Promise.all([listGroups(viewer, { ...options, limit: GROUP_PAGE_SIZE }), countGroups(viewer, options)]);
  return { items: page.rows.map((row) => presentGroup(row, viewer)), nextCursor: page.nextCursor, total };
}

/** /groups for members (SPEC.md section 2): their groups, the others, a search, and the Create Group dialog. */
export default async function GroupsPage({ searchParams }: Props) {
  const viewer = await requireMemberForPage();
  const search = searchOf(await searchParams);
  const initial: GroupsDirectoryInitial = search
    ? { search, results: await firstPage(viewer, { search }) }
    : {
        search,
        ...(await Promise.all([firstPage(viewer, { membership: "joined" }), firstPage(viewer, { membership: "discover" })]).then(([joined, discover]) => ({
          joined,
          discover,
        }))),
      };
  return (
    <div className="mx-auto max-w-6xl">
      <GroupsDirectory initial={initial} />
    </div>
  );
}

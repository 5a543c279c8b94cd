import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { GroupsDirectory, type GroupsDirectoryInitial } from "@/components/groups/groups-directory";
import { GROUP_PAGE_SIZE } from "@/lib/api-client/paging";
import { getViewer, type Viewer } from "@/lib/server/auth/session";
import { presentGroup } from "@/lib/server/groups/presenters";
import { countGroups, listGroups, type GroupListOptions } from "@/lib/server/groups/queries";
import { authorize } from "@/lib/server/policy";
import { groupSearchParamSchema } from "@/lib/validation/groups";
import { PageMessages } from "@/components/common/page-messages";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("groups.metadata");
  return {
    title: t("directoryTitle"),
    description: t("directoryDescription"),
    keywords: t("directoryKeywords").split(","),
    robots: { index: false },
  };
}

/** The ?search= of the address, as GET /api/groups reads it ("" when none or invalid). */
function searchOf(params: Record<string, string | string[] | undefined>): string {
  const raw = Array.isArray(params.search) ? params.search[0] : params.search;
  const parsed = groupSearchParamSchema.safeParse(raw);
  return parsed.success ? (parsed.data ?? "") : "";
}

async function firstPage(viewer: Viewer | null, options: Pick<GroupListOptions, "search" | "membership">) {
  const [page, total] = await Promise.all([listGroups(viewer, { ...options, limit: GROUP_PAGE_SIZE }), countGroups(viewer, options)]);
  return { items: page.rows.map((row) => presentGroup(row, viewer)), nextCursor: page.nextCursor, total };
}

/**
 * /groups (SPEC.md section 2): for members their groups, the others, a search, and the Create Group
 * dialog; for visitors every group's card (a private one shows its name, description and counts
 * only, DECISIONS.md section 7) and a search, with Create Group as a sign-in prompt (issue 19).
 */
async function GroupsPageContent({ searchParams }: Props) {
  const viewer = await getViewer();
  authorize(viewer, "group.viewDirectory");
  const search = searchOf(await searchParams);
  let initial: GroupsDirectoryInitial;
  if (search) initial = { search, results: await firstPage(viewer, { search }) };
  else if (!viewer) initial = { search, discover: await firstPage(null, {}) };
  else {
    const [joined, discover] = await Promise.all([firstPage(viewer, { membership: "joined" }), firstPage(viewer, { membership: "discover" })]);
    initial = { search, joined, discover };
  }
  return (
    <div className="mx-auto max-w-6xl">
      <GroupsDirectory initial={initial} signedIn={viewer !== null} />
    </div>
  );
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function GroupsPage(props: Props) {
  return (
    <PageMessages scope="app/(public)/groups/page.tsx">
      <GroupsPageContent {...props} />
    </PageMessages>
  );
}

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";

import { GroupPage } from "@/components/groups/group-page";
import { GROUP_QUESTION_PAGE_SIZE } from "@/lib/api-client/paging";
import { groupSocialMetadata } from "@/lib/seo/open-graph";
import { getSiteUrl } from "@/lib/seo/site-url";
import { getViewer } from "@/lib/server/auth/session";
import { parseId } from "@/lib/server/ids";
import { presentGroup, presentGroupInvitation, presentJoinRequest } from "@/lib/server/groups/presenters";
import { getGroupDetail, listGroupInvitations, listJoinRequests } from "@/lib/server/groups/queries";
import { presentQuestionSummary } from "@/lib/server/questions/presenters";
import { countQuestions, listQuestions } from "@/lib/server/questions/queries";
import { groupSearchParamSchema } from "@/lib/validation/groups";
import { PageMessages } from "@/components/common/page-messages";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// generateMetadata and the page share one read per request.
const loadGroup = cache(async (rawId: string) => {
  const id = parseId(rawId);
  const viewer = await getViewer();
  if (id === null) return null;
  const row = await getGroupDetail(id, viewer);
  return row ? { viewer, group: presentGroup(row, viewer) } : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await loadGroup((await params).id);
  if (!loaded) notFound();
  const { group } = loaded;
  const t = await getTranslations("groups.metadata");
  const about = group.description ? ` ${group.description}` : "";
  const counts = { name: group.name, isPrivate: String(group.isPrivate), members: group.memberCount, posts: group.questionCount };
  return {
    title: group.name,
    description: `${t("groupDescription", counts)}${about}`.slice(0, 300),
    keywords: [group.name, ...t("groupKeywords", { isPrivate: String(group.isPrivate) }).split(",")],
    robots: { index: false },
    // The link preview: name and description of a public group only (lib/seo/open-graph.ts).
    ...groupSocialMetadata(group, await getSiteUrl()),
  };
}

/**
 * /groups/{id} (SPEC.md section 2): the group's header, its posts (members only for a private
 * group) with ?search=, for a private group's creator the pending join requests, for the creator
 * the pending invitations. An unknown group is a 404 with "Group Not Found". Visitors read a
 * public group's posts and a private group's header only (DECISIONS.md section 7); joining is a
 * sign-in prompt for them.
 */
async function GroupRouteContent({ params, searchParams }: Props) {
  const loaded = await loadGroup((await params).id);
  if (!loaded) notFound();
  const { viewer, group } = loaded;
  const raw = (await searchParams).search;
  const parsed = groupSearchParamSchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  const search = parsed.success ? (parsed.data ?? "") : "";

  const filters = { groupId: group.id, text: search || undefined };
  const [posts, requests, invitations] = await Promise.all([
    group.viewerCan.viewContent
      ? Promise.all([listQuestions(viewer, { ...filters, limit: GROUP_QUESTION_PAGE_SIZE }), countQuestions(viewer, filters)]).then(([page, total]) => ({
          items: page.rows.map((row) => presentQuestionSummary(row, viewer)),
          nextCursor: page.nextCursor,
          total,
        }))
      : undefined,
    group.viewerCan.reviewRequests ? listJoinRequests(group.id, { limit: 100 }).then((page) => page.rows.map((row) => presentJoinRequest(row, viewer))) : undefined,
    group.viewerCan.invite ? listGroupInvitations(group.id, { limit: 100 }).then((page) => page.rows.map((row) => presentGroupInvitation(row, viewer))) : undefined,
  ]);

  return (
    <GroupPage
      initialGroup={group}
      initialPosts={posts}
      initialSearch={search}
      initialRequests={requests}
      initialInvitations={invitations}
      signedIn={viewer !== null}
    />
  );
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function GroupRoute(props: Props) {
  return (
    <PageMessages scope="app/(public)/groups/[id]/page.tsx">
      <GroupRouteContent {...props} />
    </PageMessages>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { listFiltersOf, parseFeedFilter, parseFeedState, type FeedState } from "@/components/home/feed-filter";
import { HomeFeed } from "@/components/home/home-feed";
import { LandingPage } from "@/components/landing/landing-page";
import { SiteShell } from "@/components/layout/site-shell";
import { getViewer, type Viewer } from "@/lib/server/auth/session";
import { listSidebarGroupsOfRequest } from "@/lib/server/groups/queries";
import { presentQuestionSummary } from "@/lib/server/questions/presenters";
import { countFollowingQuestions, countQuestions, listFollowingQuestions, listQuestions } from "@/lib/server/questions/queries";
import { listPopularTags } from "@/lib/server/tags/queries";
import { getHomeExtras } from "@/lib/server/home/queries";
import { getPreferences } from "@/lib/server/settings/queries";
import { PageMessages } from "@/components/common/page-messages";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The member's groups offered by the Ask dialog (the side bar's query lists theirs first). */
const ASK_GROUP_LIMIT = 20;

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  if (!(await getViewer())) {
    const t = await getTranslations("landing.metadata");
    return {
      title: { absolute: t("title") },
      description: t("description"),
      keywords: ["AI Q&A", "ask a question", "AI answers", "community answers", "trending questions", "Agora"],
    };
  }
  const filter = parseFeedFilter((await searchParams).filter);
  const t = await getTranslations("home");
  const title = t(`feed.titles.${filter}`);
  return {
    title,
    description: t(`metadata.descriptions.${filter}`),
    keywords: ["questions", "answers", "AI answers", "home feed", title, "Agora"],
  };
}

async function loadFeed(viewer: Viewer, state: FeedState, limit: number) {
  const filters = listFiltersOf(state);
  const [page, total] = filters
    ? await Promise.all([listQuestions(viewer, { ...filters, limit }), countQuestions(viewer, filters)])
    : await Promise.all([listFollowingQuestions(viewer, { limit }), countFollowingQuestions(viewer)]);
  return { items: page.rows.map((row) => presentQuestionSummary(row, viewer)), nextCursor: page.nextCursor, total };
}

async function loadAskGroups(viewer: Viewer) {
  const groups = (await listSidebarGroupsOfRequest(viewer)).slice(0, ASK_GROUP_LIMIT);
  return groups.filter((group) => group.isMember).map((group) => ({ id: group.id, name: group.name }));
}

/** How many popular tags the first-run card offers to follow. */
const WELCOME_TAG_COUNT = 6;

/** Recent Activity and the first-run card (null once dismissed, or once the member follows a tag and has asked). */
async function loadExtras(viewer: Viewer) {
  const tags = await listPopularTags(WELCOME_TAG_COUNT); // the visitors' list, cached: no statement most of the time
  const { activity, welcome } = await getHomeExtras(viewer, tags.map((tag) => tag.id));
  const followed = new Set(welcome.followedTagIds);
  return {
    activity,
    welcome: welcome.show
      ? { name: viewer.firstName, tags: tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color, isFollowing: followed.has(tag.id) })) }
      : null,
  };
}

/** `/`: the landing page for visitors, the home feed for signed-in members. */
async function HomePageContent({ searchParams }: Props) {
  const viewer = await getViewer();
  if (!viewer) return <LandingPage />;

  const [params, { questionsPerPage }] = await Promise.all([searchParams, getPreferences(viewer)]);
  const state = parseFeedState((name) => params[name]);
  const [page, groups, { activity, welcome }] = await Promise.all([
    loadFeed(viewer, state, questionsPerPage),
    loadAskGroups(viewer),
    loadExtras(viewer),
  ]);
  return (
    <SiteShell>
      <HomeFeed state={state} page={page} pageSize={questionsPerPage} groups={groups} activity={activity} welcome={welcome} />
    </SiteShell>
  );
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function HomePage(props: Props) {
  return (
    <PageMessages scope="app/page.tsx">
      <HomePageContent {...props} />
    </PageMessages>
  );
}

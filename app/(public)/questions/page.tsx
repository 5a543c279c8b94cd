import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";

import { feedHref, listFiltersOf, parseFeedState, publicFeedState, type FeedState } from "@/components/home/feed-filter";
import { QuestionFeed } from "@/components/home/question-feed";
import { QUESTION_PAGE_SIZE } from "@/lib/api-client/paging";
import { getViewer } from "@/lib/server/auth/session";
import { presentQuestionSummary } from "@/lib/server/questions/presenters";
import { countQuestions, listQuestions } from "@/lib/server/questions/queries";
import { PageMessages } from "@/components/common/page-messages";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The list's state from the address (?filter=, ?sort=, ?answers=, ?tag=; Following reads as Newest). */
async function stateOf(searchParams: Props["searchParams"]): Promise<FeedState> {
  const params = await searchParams;
  return publicFeedState(parseFeedState((name) => params[name]));
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const state = await stateOf(searchParams);
  const tag = state.options.tag;
  const t = await getTranslations("home");
  const title = t(`feed.titles.${state.filter}`);
  return {
    title: tag ? t("metadata.tagged", { title, tag }) : title,
    description: t("metadata.questionsDescription"),
    keywords: ["questions", "answers", "AI answers", "Q&A", "Agora"],
    alternates: { canonical: feedHref(state, "/questions") },
  };
}

/**
 * /questions (issue 19): the visitors' question list, the home feed's tabs but Following, its
 * Filter dialog (order, answered or not, tag) and "Load More Questions" over GET /api/questions,
 * public questions only (private groups excluded by the queries' visibility filter). A member has
 * all of it and more at home: they are sent there with the same filters.
 */
async function QuestionsPageContent({ searchParams }: Props) {
  const [viewer, state] = await Promise.all([getViewer(), stateOf(searchParams)]);
  if (viewer) redirect(feedHref(state));

  const filters = listFiltersOf(state)!;
  const [page, total] = await Promise.all([listQuestions(null, { ...filters, limit: QUESTION_PAGE_SIZE }), countQuestions(null, filters)]);
  const initialPage = { items: page.rows.map((row) => presentQuestionSummary(row, null)), nextCursor: page.nextCursor, total };
  return (
    <div className="mx-auto max-w-4xl">
      <QuestionFeed initialState={state} initialPage={initialPage} visitor />
    </div>
  );
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function QuestionsPage(props: Props) {
  return (
    <PageMessages scope="app/(public)/questions/page.tsx">
      <QuestionsPageContent {...props} />
    </PageMessages>
  );
}

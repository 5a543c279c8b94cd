import { RecentActivityPanel } from "@/components/home/recent-activity-panel";
import type { FeedState } from "@/components/home/feed-filter";
import { QuestionFeed } from "@/components/home/question-feed";
import type { AskGroupOption } from "@/components/question/ask-question-dialog";
import type { ListPage } from "@/lib/api-client/paging";
import type { QuestionSummaryJson } from "@/lib/server/questions/presenters";

/**
 * The signed-in home: the feed (a client island starting from the server's first page of
 * `pageSize` questions, the member's questions per page) with the Recent Activity panel beside
 * it on wide screens.
 */
export function HomeFeed({
  state,
  page,
  pageSize,
  groups,
}: {
  state: FeedState;
  page: ListPage<QuestionSummaryJson>;
  pageSize: number;
  groups: AskGroupOption[];
}) {
  return (
    <div className="flex gap-8">
      <QuestionFeed initialState={state} initialPage={page} pageSize={pageSize} groups={groups} />
      <RecentActivityPanel />
    </div>
  );
}

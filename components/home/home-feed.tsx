import { RecentActivityPanel } from "@/components/home/recent-activity-panel";
import type { FeedState } from "@/components/home/feed-filter";
import { QuestionFeed, WelcomeCard } from "@/components/home/member-feed-islands";
import type { WelcomeTag } from "@/components/home/welcome-card";
import type { AskGroupOption } from "@/components/question/ask-question-dialog";
import type { ListPage } from "@/lib/api-client/paging";
import type { QuestionSummaryJson } from "@/lib/server/questions/presenters";
import type { RecentActivityItem } from "@/lib/server/home/queries";

/**
 * The signed-in home: the feed (a client island starting from the server's first page of
 * `pageSize` questions, the member's questions per page), the first-run card for a new member
 * (`welcome`, absent once dismissed), and the member's Recent Activity beside it on wide screens.
 */
export function HomeFeed({
  state,
  page,
  pageSize,
  groups,
  activity = [],
  welcome = null,
}: {
  state: FeedState;
  page: ListPage<QuestionSummaryJson>;
  pageSize: number;
  groups: AskGroupOption[];
  activity?: RecentActivityItem[];
  welcome?: { name: string | null; tags: WelcomeTag[] } | null;
}) {
  return (
    <div className="flex gap-8">
      <QuestionFeed
        initialState={state}
        initialPage={page}
        pageSize={pageSize}
        groups={groups}
        intro={welcome ? <WelcomeCard name={welcome.name} tags={welcome.tags} /> : undefined}
      />
      <RecentActivityPanel activity={activity} />
    </div>
  );
}

"use client";

import Link from "@/components/common/link";
import type { ReactNode } from "react";
import { Bookmark, FileQuestion, Hash, MessageSquare, Tags, Users } from "lucide-react";
import { useTranslations } from "next-intl";

import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";
import { AuthorReputation } from "@/components/common/author-reputation";
import { TimeAgo } from "@/components/common/time-ago";
import { UserAvatar } from "@/components/common/user-avatar";
import { ReputationPanel } from "@/components/profile/reputation-panel";
import { UserAnswerCard } from "@/components/profile/user-answer-card";
import { QuestionCard } from "@/components/question/question-card";
import { QuestionCardActions } from "@/components/question/question-card-actions";
import { TagBadge } from "@/components/tags/tag-badge";
import { ActivityStatus } from "@/components/users/activity-status";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { flattenPages, type ListPage } from "@/lib/api-client/paging";
import type { QuestionSummary } from "@/lib/api-client/questions";
import {
  useFollowedTags,
  useFollowers,
  useFollowing,
  useSavedQuestions,
  useUsedTags,
  useUserAnswers,
  useUserQuestions,
  type FollowPerson,
  type Profile,
} from "@/lib/api-client/users";
import { displayName } from "@/lib/display";

/** The empty state of a tab: SPEC.md section 2's title, a sentence, and an optional link. */
function ListSkeleton({ rows = 3 }: { rows?: number }) {
  const t = useTranslations("profile.tabs");
  return (
    <div className="space-y-3" role="status" aria-label={t("loading")}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-28 w-full rounded-xl" />
      ))}
    </div>
  );
}

function QuestionList({ questions }: { questions: QuestionSummary[] }) {
  return (
    <ul className="space-y-3">
      {questions.map((q) => (
        <li key={q.id}>
          <QuestionCard question={q} headingLevel={3} actions={<QuestionCardActions question={q} />} />
        </li>
      ))}
    </ul>
  );
}

function QuestionsPanel({ profile, own, name, initialPage }: { profile: Profile; own: boolean; name: string; initialPage?: ListPage<QuestionSummary> }) {
  const t = useTranslations("profile.tabs");
  const query = useUserQuestions(profile.id, { initialPage });
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />;
  const questions = flattenPages(query.data);
  if (questions.length === 0) {
    return (
      <EmptyState icon={FileQuestion} title={t("noQuestions")}>
        {own ? t("noQuestionsOwn") : t("noQuestionsOther", { name })}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-3">
      <QuestionList questions={questions} />
      <LoadMoreButton query={query} label={t("loadMoreQuestions")} />
    </div>
  );
}

function AnswersPanel({ profile, own, name }: { profile: Profile; own: boolean; name: string }) {
  const t = useTranslations("profile.tabs");
  const query = useUserAnswers(profile.id);
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />;
  const answers = flattenPages(query.data);
  if (answers.length === 0) {
    return (
      <EmptyState icon={MessageSquare} title={t("noAnswers")}>
        {own ? t("noAnswersOwn") : t("noAnswersOther", { name })}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {answers.map((a) => (
          <li key={a.id}>
            <UserAnswerCard answer={a} />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} label={t("loadMoreAnswers")} />
    </div>
  );
}

function TagGrid({ children }: { children: ReactNode }) {
  return <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}

function TagTile({ tag, detail }: { tag: { name: string; color: string }; detail: string }) {
  return (
    <li>
      <Link
        href={`/tags/${encodeURIComponent(tag.name)}`}
        className="flex items-center justify-between gap-3 rounded-xl border bg-card p-4 shadow-xs outline-none transition-shadow hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <TagBadge tag={tag} className="min-w-0" />
        <span className="shrink-0 text-xs text-muted-foreground">{detail}</span>
      </Link>
    </li>
  );
}

function UsedTagsPanel({ profile, own, name }: { profile: Profile; own: boolean; name: string }) {
  const t = useTranslations("profile.tabs");
  const query = useUsedTags(profile.id);
  return (
    <section aria-labelledby="most-used-tags" className="space-y-4">
      <h2 id="most-used-tags" className="text-lg font-semibold">
        {t("mostUsedTags")}
      </h2>
      {query.isPending ? (
        <ListSkeleton rows={2} />
      ) : query.isError ? (
        <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState icon={Hash} title={t("noTagsUsed")}>
          {own ? t("noTagsUsedOwn") : t("noTagsUsedOther", { name })}
        </EmptyState>
      ) : (
        <TagGrid>
          {query.data.map((tag) => (
            <TagTile key={tag.id} tag={tag} detail={t(own ? "usedTagByYou" : "usedTagByThem", { count: tag.count })} />
          ))}
        </TagGrid>
      )}
    </section>
  );
}

function FollowedTagsPanel({ profile, own, name }: { profile: Profile; own: boolean; name: string }) {
  const t = useTranslations("profile.tabs");
  const query = useFollowedTags(profile.id);
  return (
    <section aria-labelledby="followed-tags" className="space-y-4">
      <h2 id="followed-tags" className="text-lg font-semibold">
        {t("followedTags")}
      </h2>
      {query.isPending ? (
        <ListSkeleton rows={2} />
      ) : query.isError ? (
        <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState
          icon={Tags}
          title={t("noFollowedTags")}
          action={
            own ? (
              <Button asChild variant="outline">
                <Link href="/tags">{t("exploreTags")}</Link>
              </Button>
            ) : undefined
          }
        >
          {own ? t("noFollowedTagsOwn") : t("noFollowedTagsOther", { name })}
        </EmptyState>
      ) : (
        <TagGrid>
          {query.data.map((tag) => (
            <TagTile key={tag.id} tag={tag} detail={t("tagQuestions", { count: tag._count.questions })} />
          ))}
        </TagGrid>
      )}
    </section>
  );
}

function PersonTile({ person, verb }: { person: FollowPerson; verb: string }) {
  const name = displayName(person);
  return (
    <li>
      <Link
        href={`/users/${encodeURIComponent(person.id)}`}
        className="flex items-center gap-3 rounded-xl border bg-card p-3 shadow-xs outline-none transition-shadow hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <UserAvatar user={person} className="size-10" decorative />
        <span className="min-w-0">
          <span className="flex items-baseline gap-1.5">
            <span className="truncate font-medium">{name}</span>
            <AuthorReputation author={person} className="shrink-0 text-xs" />
          </span>
          <span className="block text-xs text-muted-foreground">
            {verb} · <TimeAgo date={person.followedAt} />
          </span>
          {person.lastActiveAt ? <ActivityStatus lastActiveAt={person.lastActiveAt} className="text-xs text-muted-foreground" /> : null}
        </span>
      </Link>
    </li>
  );
}

/** The members who follow the profile's owner ("followers") or whom the owner follows ("following"). */
function PeoplePanel({ profile, own, name, direction }: { profile: Profile; own: boolean; name: string; direction: "followers" | "following" }) {
  const followers = useFollowers(profile.id, { enabled: direction === "followers" });
  const following = useFollowing(profile.id, { enabled: direction === "following" });
  const t = useTranslations("profile.tabs");
  const query = direction === "followers" ? followers : following;
  const title = direction === "followers" ? t("followers") : t("following");
  let body: ReactNode;
  if (query.isPending) body = <ListSkeleton rows={2} />;
  else if (query.isError) body = <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />;
  else {
    const people = flattenPages(query.data);
    body =
      people.length === 0 ? (
        <EmptyState
          icon={Users}
          title={direction === "followers" ? t("noFollowers") : t("notFollowing")}
          action={
            own && direction === "following" ? (
              <Button asChild variant="outline">
                <Link href="/users">{t("findMembers")}</Link>
              </Button>
            ) : undefined
          }
        >
          {direction === "followers"
            ? own
              ? t("noFollowersOwn")
              : t("noFollowersOther", { name })
            : own
              ? t("notFollowingOwn")
              : t("notFollowingOther", { name })}
        </EmptyState>
      ) : (
        <div className="space-y-3">
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {people.map((person) => (
              <PersonTile key={person.id} person={person} verb={t("followed")} />
            ))}
          </ul>
          <LoadMoreButton query={query} label={t("loadMore")} />
        </div>
      );
  }
  return (
    <section aria-labelledby={`profile-${direction}`} className="space-y-4">
      <h2 id={`profile-${direction}`} className="text-lg font-semibold">
        {title}
      </h2>
      {body}
    </section>
  );
}

function SavedPanel({ profile }: { profile: Profile }) {
  const t = useTranslations("profile.tabs");
  const query = useSavedQuestions(profile.id);
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />;
  const questions = flattenPages(query.data);
  if (questions.length === 0) {
    return (
      <EmptyState
        icon={Bookmark}
        title={t("noSaved")}
        action={
          <Button asChild variant="outline">
            <Link href="/">{t("exploreQuestions")}</Link>
          </Button>
        }
      >
        {t("noSavedText")}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-3">
      <QuestionList questions={questions} />
      <LoadMoreButton query={query} label={t("loadMoreQuestions")} />
    </div>
  );
}

/**
 * A profile's tabs (SPEC.md section 2, default Questions), each named for what it holds:
 * Questions (n), Answers (n), Reputation (the ledger's events; not for the AI), Tags (n) ("Most Used Tags"), Followed Tags (n), Followers (n) and
 * Following (n) (members, as the header counts them) and, on one's own profile only, Saved (n).
 * A tab's list is fetched when the tab is first opened; Saved never on someone else's profile.
 */
export function ProfileTabs({ profile, name, initialQuestions }: { profile: Profile; name: string; initialQuestions?: ListPage<QuestionSummary> }) {
  const t = useTranslations("profile.tabs");
  const own = profile.viewerCan.viewSaved;
  const c = profile._count;
  const trigger = "flex-none px-3 data-[state=active]:text-foreground";
  return (
    <Tabs defaultValue="questions" className="gap-4">
      <TabsList aria-label={t("label")} className="h-auto w-full flex-wrap justify-start gap-1 sm:w-fit">
        <TabsTrigger value="questions" className={trigger}>
          {t("questionsCount", { count: c.questions })}
        </TabsTrigger>
        <TabsTrigger value="answers" className={trigger}>
          {t("answersCount", { count: c.answers })}
        </TabsTrigger>
        {profile.isAssistant ? null : (
          <TabsTrigger value="reputation" className={trigger}>
            {t("reputation")}
          </TabsTrigger>
        )}
        <TabsTrigger value="tags" className={trigger}>
          {t("tagsCount", { count: c.tags })}
        </TabsTrigger>
        <TabsTrigger value="followed-tags" className={trigger}>
          {t("followedTagsCount", { count: c.followedTags })}
        </TabsTrigger>
        <TabsTrigger value="followers" className={trigger}>
          {t("followersCount", { count: c.followers })}
        </TabsTrigger>
        <TabsTrigger value="following" className={trigger}>
          {t("followingCount", { count: c.following })}
        </TabsTrigger>
        {own ? (
          <TabsTrigger value="saved" className={trigger}>
            {t("savedCount", { count: c.saved ?? 0 })}
          </TabsTrigger>
        ) : null}
      </TabsList>
      <TabsContent value="questions">
        <h2 className="sr-only">{t("questions")}</h2>
        <QuestionsPanel profile={profile} own={own} name={name} initialPage={initialQuestions} />
      </TabsContent>
      <TabsContent value="answers">
        <h2 className="sr-only">{t("answers")}</h2>
        <AnswersPanel profile={profile} own={own} name={name} />
      </TabsContent>
      {profile.isAssistant ? null : (
        <TabsContent value="reputation">
          <ReputationPanel profile={profile} own={own} name={name} />
        </TabsContent>
      )}
      <TabsContent value="tags">
        <UsedTagsPanel profile={profile} own={own} name={name} />
      </TabsContent>
      <TabsContent value="followed-tags">
        <FollowedTagsPanel profile={profile} own={own} name={name} />
      </TabsContent>
      <TabsContent value="followers">
        <PeoplePanel profile={profile} own={own} name={name} direction="followers" />
      </TabsContent>
      <TabsContent value="following">
        <PeoplePanel profile={profile} own={own} name={name} direction="following" />
      </TabsContent>
      {own ? (
        <TabsContent value="saved">
          <h2 className="sr-only">{t("savedQuestions")}</h2>
          <SavedPanel profile={profile} />
        </TabsContent>
      ) : null}
    </Tabs>
  );
}

"use client";

import { useState } from "react";
import Link from "@/components/common/link";
import { CalendarDays, Lock, MessageSquare, ScrollText, UsersRound } from "lucide-react";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";

import { GroupActions } from "@/components/groups/group-actions";
import { InvitationNotice, InviteMembers } from "@/components/groups/group-invitations";
import { GroupPosts } from "@/components/groups/group-posts";
import { GroupAvatar, GroupBanner, GroupDate, PrivateBadge, creatorName } from "@/components/groups/group-visuals";
import { JoinRequests } from "@/components/groups/join-requests";
import { AskQuestionDialog } from "@/components/question/ask-question-dialog";
import { useGroup, type Group, type GroupInvitation, type JoinRequest } from "@/lib/api-client/groups";
import type { ListPage } from "@/lib/api-client/paging";
import type { QuestionSummary } from "@/lib/api-client/questions";

export interface GroupPageProps {
  initialGroup: Group;
  /** The first page of posts for `initialSearch`, when the viewer may see them. */
  initialPosts?: ListPage<QuestionSummary>;
  initialSearch: string;
  /** Pending join requests, for the creator of a private group. */
  initialRequests?: JoinRequest[];
  /** False for a visitor: joining becomes a sign-in prompt. */
  signedIn?: boolean;
  /** Pending invitations, for the creator. */
  initialInvitations?: GroupInvitation[];
}

/**
 * /groups/{id} (SPEC.md section 2): the header with images, name, Private badge, description,
 * member and post counts and the buttons; the rules; the posts with their search (or, for a
 * private group the viewer is outside of, a note instead); the creator's join requests and
 * invitations; and, for a member the creator invited, Accept invitation and Decline.
 */
export function GroupPage({ initialGroup, initialPosts, initialSearch, initialRequests, initialInvitations, signedIn = true }: GroupPageProps) {
  const t = useTranslations("groups");
  const router = useRouter();
  const { data } = useGroup(initialGroup.id, initialGroup);
  const group = data ?? initialGroup;
  const invitation = group.isMember ? null : group.invitation;
  const [askOpen, setAskOpen] = useState(false);
  const openAsk = () => setAskOpen(true);
  const createdBy = t.rich("page.createdBy", {
    name: creatorName(group),
    time: () => <GroupDate iso={group.createdAt} />,
    creator: (chunks) => (
      <Link
        href={`/users/${group.creator.id}`}
        className="rounded-sm font-medium text-foreground/85 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {chunks}
      </Link>
    ),
  });

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="overflow-hidden rounded-xl border bg-card shadow-xs">
        <GroupBanner group={group} className="h-32 sm:h-48" />
        <div className="space-y-4 px-4 pb-5 sm:px-6">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <GroupAvatar group={group} className="-mt-10 size-20 text-3xl sm:-mt-12 sm:size-24" />
            <GroupActions group={group} onNewPost={openAsk} signedIn={signedIn} />
          </div>
          <div className="space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="min-w-0 text-2xl font-bold tracking-tight text-balance [overflow-wrap:anywhere] sm:text-3xl">{group.name}</h1>
              {group.isPrivate ? <PrivateBadge /> : null}
            </div>
            {group.description ? <p className="max-w-3xl whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">{group.description}</p> : null}
          </div>
          <dl className="flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-muted-foreground">
            <div>
              <dt className="sr-only">{t("common.members")}</dt>
              <dd className="flex items-center gap-1.5">
                <UsersRound className="size-4" aria-hidden />
                {t("common.memberCount", { count: group.memberCount })}
              </dd>
            </div>
            <div>
              <dt className="sr-only">{t("common.posts")}</dt>
              <dd className="flex items-center gap-1.5">
                <MessageSquare className="size-4" aria-hidden />
                {t("common.postCount", { count: group.questionCount })}
              </dd>
            </div>
            <div>
              <dt className="sr-only">{t("common.created")}</dt>
              <dd className="flex items-center gap-1.5">
                <CalendarDays className="size-4 shrink-0" aria-hidden />
                <span>
                  {createdBy}
                </span>
              </dd>
            </div>
          </dl>
        </div>
      </header>

      {invitation ? <InvitationNotice group={{ ...group, invitation }} onDone={() => router.refresh()} /> : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          {group.viewerCan.viewContent ? (
            <GroupPosts
              groupId={group.id}
              initialSearch={initialSearch}
              initialPage={initialPosts}
              onNewPost={group.viewerCan.post ? openAsk : undefined}
            />
          ) : (
            <PrivateNotice group={group} signedIn={signedIn} />
          )}
        </div>

        <aside className="space-y-4" aria-label={t("page.about")}>
          {group.viewerCan.reviewRequests ? <JoinRequests groupId={group.id} initialRequests={initialRequests} /> : null}
          {group.viewerCan.invite ? <InviteMembers group={group} initialInvitations={initialInvitations} /> : null}
          <section aria-labelledby="group-rules-title" className="space-y-2 rounded-xl border bg-card p-4 shadow-xs">
            <h2 id="group-rules-title" className="flex items-center gap-2 text-sm font-semibold">
              <ScrollText className="size-4 text-muted-foreground" aria-hidden /> {t("page.rules")}
            </h2>
            {group.rules ? (
              <p className="text-sm whitespace-pre-line text-muted-foreground">{group.rules}</p>
            ) : (
              <p className="text-sm text-muted-foreground">{t("page.noRules")}</p>
            )}
          </section>
        </aside>
      </div>

      {group.viewerCan.post ? (
        <AskQuestionDialog open={askOpen} onOpenChange={setAskOpen} groups={[{ id: group.id, name: group.name }]} defaultGroupId={group.id} />
      ) : null}
    </div>
  );
}

/** What someone outside a private group (a member not in it, or a visitor) sees instead of its posts. */
function PrivateNotice({ group, signedIn }: { group: Group; signedIn: boolean }) {
  const t = useTranslations("groups.page");
  return (
    <section
      aria-labelledby="private-notice-title"
      className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-12 text-center shadow-xs"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/20">
        <Lock className="size-6" aria-hidden />
      </span>
      <h2 id="private-notice-title" className="mt-4 text-lg font-semibold">
        {t("privateTitle")}
      </h2>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">
        {!signedIn
          ? t("privateVisitor")
          : group.invitation
            ? t("privateInvited")
            : group.hasRequested
              ? t("privateRequested")
              : t("privateMember")}
      </p>
    </section>
  );
}

import Link from "@/components/common/link";
import { Award, CalendarDays, FileQuestion, MessageSquare, ThumbsUp, TrendingUp } from "lucide-react";

import { UserAvatar } from "@/components/common/user-avatar";
import { TagChip } from "@/components/question/tag-chip";
import { ActivityStatus } from "@/components/users/activity-status";
import { FollowUserButton } from "@/components/users/follow-user-button";
import type { Member, UserListTab } from "@/lib/api-client/users";
import { displayName } from "@/lib/display";
import { RoleBadge } from "@/components/common/role-badge";

const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : `${one}s`}`;

/** "Joined Mar 4, 2025" in UTC (the same on the server and in the browser), or "Recently" without a date. */
function joined(iso: string | null | undefined): string {
  if (!iso) return "Recently";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "Recently";
  return `Joined ${date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })}`;
}

const signed = (n: number) => `${n > 0 ? "+" : n < 0 ? "−" : ""}${Math.abs(n).toLocaleString("en-US")}`;

/** The figure a tab ranks by (SPEC.md section 2): questions, answers, votes or reputation of the last 30 days, reputation, or the join date. */
function Metric({ member, tab }: { member: Member; tab: UserListTab }) {
  const [Icon, text] =
    tab === "reputation"
      ? [Award, `${(member.reputation ?? 1).toLocaleString("en-US")} reputation`]
      : tab === "reputation-month"
        ? [TrendingUp, `${signed(member.reputationMonth)} reputation in 30 days`]
        : tab === "asker"
      ? [FileQuestion, `${plural(member.questionsCount, "question")} in 30 days`]
      : tab === "answerer"
        ? [MessageSquare, `${plural(member.answersCount, "answer")} in 30 days`]
        : tab === "voters"
          ? [ThumbsUp, `${plural(member.votesCount, "vote")} in 30 days`]
          : [CalendarDays, joined(member.joinedAt)];
  return (
    <p className="inline-flex items-center gap-1.5 text-sm font-medium text-foreground/80">
      <Icon className="size-4 text-primary" aria-hidden />
      {text}
    </p>
  );
}

/**
 * A member in the directory: avatar, name (or the part of the e-mail before the @; never the
 * e-mail itself), the tab's metric, up to 3 top tags, and a working Follow button.
 */
export function MemberCard({ member, tab }: { member: Member; tab: UserListTab }) {
  const name = displayName(member);
  return (
    <article className="flex h-full flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-shadow hover:shadow-md">
      <div className="flex items-start gap-3">
        <UserAvatar user={member} className="size-12 text-lg" decorative />
        <div className="min-w-0 flex-1">
          <h2 className="flex min-w-0 items-center gap-1.5 text-base font-semibold">
            <Link href={`/users/${member.id}`} className="truncate rounded-sm outline-none hover:text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
              {name}
            </Link>
            <RoleBadge author={member} />
          </h2>
          <p className="text-xs text-muted-foreground">
            {tab === "reputation" ? null : <span title="Reputation">{(member.reputation ?? 1).toLocaleString("en-US")} reputation · </span>}
            {plural(member.followerCount, "follower")}
          </p>
          {member.lastActiveAt ? <ActivityStatus lastActiveAt={member.lastActiveAt} className="text-xs text-muted-foreground" /> : null}
        </div>
      </div>
      <Metric member={member} tab={tab} />
      {member.topTags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={`${name}'s top tags`}>
          {member.topTags.slice(0, 3).map((tag) => (
            <li key={tag.id} className="max-w-full">
              <TagChip tag={tag} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">No tags yet</p>
      )}
      {member.viewerCan.follow ? (
        <div className="mt-auto pt-1">
          <FollowUserButton user={{ id: member.id, name }} isFollowing={member.isFollowing} className="w-full" />
        </div>
      ) : null}
    </article>
  );
}

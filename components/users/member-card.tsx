import Link from "@/components/common/link";
import { Award, CalendarDays, FileQuestion, MessageSquare, ThumbsUp, TrendingUp } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";

import { UserAvatar } from "@/components/common/user-avatar";
import { TagChip } from "@/components/question/tag-chip";
import { ActivityStatus } from "@/components/users/activity-status";
import { FollowUserButton } from "@/components/users/follow-user-button";
import type { Member, UserListTab } from "@/lib/api-client/users";
import { displayName } from "@/lib/display";
import { RoleBadge } from "@/components/common/role-badge";

/** "Joined Mar 4, 2025" in UTC (the provider's time zone: the same on the server and in the browser), or "Recently" without a date. */
function useJoined() {
  const t = useTranslations("users.memberCard");
  const format = useFormatter();
  return (iso: string | null | undefined): string => {
    const date = iso ? new Date(iso) : null;
    if (!date || Number.isNaN(date.getTime())) return t("joinedRecently");
    return t("joined", { date: format.dateTime(date, { month: "short", day: "numeric", year: "numeric" }) });
  };
}

/** The figure a tab ranks by (SPEC.md section 2): questions, answers, votes or reputation of the last 30 days, reputation, or the join date. */
function Metric({ member, tab }: { member: Member; tab: UserListTab }) {
  const t = useTranslations("users.memberCard");
  const format = useFormatter();
  const joined = useJoined();
  const n = member.reputationMonth;
  const signed = `${n > 0 ? "+" : n < 0 ? "−" : ""}${format.number(Math.abs(n))}`;
  const [Icon, text] =
    tab === "reputation"
      ? [Award, t("reputation", { count: member.reputation ?? 1 })]
      : tab === "reputation-month"
        ? [TrendingUp, t("reputationMonth", { points: signed })]
        : tab === "asker"
          ? [FileQuestion, t("questionsMonth", { count: member.questionsCount })]
          : tab === "answerer"
            ? [MessageSquare, t("answersMonth", { count: member.answersCount })]
            : tab === "voters"
              ? [ThumbsUp, t("votesMonth", { count: member.votesCount })]
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
  const t = useTranslations("users.memberCard");
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
            {tab === "reputation" ? null : <span title={t("reputationTitle")}>{t("reputation", { count: member.reputation ?? 1 })} · </span>}
            {t("followers", { count: member.followerCount })}
          </p>
          {member.lastActiveAt ? <ActivityStatus lastActiveAt={member.lastActiveAt} className="text-xs text-muted-foreground" /> : null}
        </div>
      </div>
      <Metric member={member} tab={tab} />
      {member.topTags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t("topTags", { name })}>
          {member.topTags.slice(0, 3).map((tag) => (
            <li key={tag.id} className="max-w-full">
              <TagChip tag={tag} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">{t("noTags")}</p>
      )}
      {member.viewerCan.follow ? (
        <div className="mt-auto pt-1">
          <FollowUserButton user={{ id: member.id, name }} isFollowing={member.isFollowing} className="w-full" />
        </div>
      ) : null}
    </article>
  );
}

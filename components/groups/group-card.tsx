import Link from "@/components/common/link";
import { CalendarDays, MessageSquare, UsersRound } from "lucide-react";
import { useTranslations } from "next-intl";

import { GroupMembershipButton } from "@/components/groups/group-membership-button";
import { GroupAvatar, GroupBanner, GroupDate, PrivateBadge, creatorName } from "@/components/groups/group-visuals";
import type { Group } from "@/lib/api-client/groups";

/**
 * A group in the directory (SPEC.md section 2): header image, profile image, name, description,
 * member and question counts, created date, creator, and the Member badge or Join Group.
 */
export function GroupCard({ group, headingLevel = 3 }: { group: Group; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const t = useTranslations("groups");
  const createdBy = t.rich("card.createdBy", {
    name: creatorName(group),
    strong: (chunks) => <span className="font-medium text-foreground/85">{chunks}</span>,
  });
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs transition-shadow hover:shadow-md">
      <GroupBanner group={group} className="h-20 sm:h-24" />
      <div className="flex flex-1 flex-col gap-3 px-4 pb-4">
        <div className="-mt-7 flex items-end justify-between gap-3">
          <GroupAvatar group={group} className="size-14 text-xl" />
          {group.isPrivate ? <PrivateBadge className="mb-0.5" /> : null}
        </div>

        <div className="min-w-0 space-y-1">
          <Heading className="text-base leading-snug font-semibold tracking-tight">
            <Link
              href={`/groups/${group.id}`}
              className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {group.name}
            </Link>
          </Heading>
          <p className="line-clamp-2 text-sm text-muted-foreground">{group.description || t("card.noDescription")}</p>
        </div>

        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <div>
            <dt className="sr-only">{t("common.members")}</dt>
            <dd className="flex items-center gap-1">
              <UsersRound className="size-3.5" aria-hidden />
              {t("common.memberCount", { count: group.memberCount })}
            </dd>
          </div>
          <div>
            <dt className="sr-only">{t("common.questions")}</dt>
            <dd className="flex items-center gap-1">
              <MessageSquare className="size-3.5" aria-hidden />
              {t("common.questionCount", { count: group.questionCount })}
            </dd>
          </div>
          <div>
            <dt className="sr-only">{t("common.created")}</dt>
            <dd className="flex items-center gap-1">
              <CalendarDays className="size-3.5" aria-hidden />
              <GroupDate iso={group.createdAt} />
            </dd>
          </div>
        </dl>

        <div className="mt-auto flex items-center justify-between gap-3 border-t pt-3">
          <p className="min-w-0 truncate text-xs text-muted-foreground">
            {createdBy}
          </p>
          <GroupMembershipButton group={group} />
        </div>
      </div>
    </article>
  );
}

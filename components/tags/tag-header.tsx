"use client";

import { MessageSquare, Users } from "lucide-react";
import { useTranslations } from "next-intl";

import { TagBadge } from "@/components/tags/tag-badge";
import { TagFollowButton } from "@/components/tags/tag-follow-button";
import { useTagStats, type Tag } from "@/lib/api-client/tags";

/**
 * The head of a tag page: the tag's badge as the page title, Follow / Unfollow for members,
 * and the question and follower counts (kept current after following).
 */
export function TagHeader({
  tag,
  stats,
  signedIn,
  initialIsFollowing,
}: {
  tag: Tag;
  stats: { questionCount: number; followerCount: number };
  signedIn: boolean;
  initialIsFollowing?: boolean;
}) {
  const t = useTranslations("tags");
  const { data = stats } = useTagStats(tag.id, stats);
  return (
    <header className="rounded-xl border bg-card p-5 shadow-xs sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-3">
          <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">{t("header.tag")}</p>
          <h1 className="min-w-0">
            <span className="sr-only">{t("header.questionsTaggedSr")}</span>
            <TagBadge tag={tag} size="lg" />
          </h1>
          <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
            <div>
              <dt className="sr-only">{t("common.questions")}</dt>
              <dd className="flex items-center gap-1.5">
                <MessageSquare className="size-4" aria-hidden />
                {t("common.questionCount", { count: data.questionCount })}
              </dd>
            </div>
            <div>
              <dt className="sr-only">{t("common.followers")}</dt>
              <dd className="flex items-center gap-1.5">
                <Users className="size-4" aria-hidden />
                {t("common.followerCount", { count: data.followerCount })}
              </dd>
            </div>
          </dl>
        </div>
        {signedIn ? <TagFollowButton tag={tag} initialIsFollowing={initialIsFollowing} size="default" /> : null}
      </div>
    </header>
  );
}

"use client";

import { MessageSquare, Users } from "lucide-react";

import { TagBadge } from "@/components/tags/tag-badge";
import { TagFollowButton } from "@/components/tags/tag-follow-button";
import { useTagStats, type Tag } from "@/lib/api-client/tags";

function count(n: number, one: string) {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : `${one}s`}`;
}

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
  const { data = stats } = useTagStats(tag.id, stats);
  return (
    <header className="rounded-xl border bg-card p-5 shadow-xs sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-3">
          <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">Tag</p>
          <h1 className="min-w-0">
            <span className="sr-only">Questions tagged </span>
            <TagBadge tag={tag} size="lg" />
          </h1>
          <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
            <div>
              <dt className="sr-only">Questions</dt>
              <dd className="flex items-center gap-1.5">
                <MessageSquare className="size-4" aria-hidden />
                {count(data.questionCount, "question")}
              </dd>
            </div>
            <div>
              <dt className="sr-only">Followers</dt>
              <dd className="flex items-center gap-1.5">
                <Users className="size-4" aria-hidden />
                {count(data.followerCount, "follower")}
              </dd>
            </div>
          </dl>
        </div>
        {signedIn ? <TagFollowButton tag={tag} initialIsFollowing={initialIsFollowing} size="default" /> : null}
      </div>
    </header>
  );
}

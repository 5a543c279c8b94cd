import Link from "@/components/common/link";
import { ArrowRight, MessageSquare, Users } from "lucide-react";
import { useTranslations } from "next-intl";

import { TagBadge } from "@/components/tags/tag-badge";
import { TagFollowButton } from "@/components/tags/tag-follow-button";
import { Button } from "@/components/ui/button";
import type { Tag } from "@/lib/api-client/tags";

/** A tag in the directory: its badge, question and follower counts, Follow for members, and View Questions. */
export function TagCard({
  tag,
  signedIn,
  initialIsFollowing,
  headingLevel = 2,
}: {
  tag: Tag;
  signedIn: boolean;
  initialIsFollowing?: boolean;
  /** 3 when the card sits under a section heading (the directory's categories). */
  headingLevel?: 2 | 3;
}) {
  const t = useTranslations("tags");
  const href = `/tags/${encodeURIComponent(tag.name)}`;
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <article className="flex h-full flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-xs transition-shadow hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <Heading className="min-w-0">
          <Link href={href} className="inline-flex max-w-full rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <TagBadge tag={tag} />
          </Link>
        </Heading>
        {signedIn ? <TagFollowButton tag={tag} initialIsFollowing={initialIsFollowing} /> : null}
      </div>
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
        <div>
          <dt className="sr-only">{t("common.questions")}</dt>
          <dd className="flex items-center gap-1.5">
            <MessageSquare className="size-4" aria-hidden />
            {t("common.questionCount", { count: tag._count.questions })}
          </dd>
        </div>
        <div>
          <dt className="sr-only">{t("common.followers")}</dt>
          <dd className="flex items-center gap-1.5">
            <Users className="size-4" aria-hidden />
            {t("common.followerCount", { count: tag._count.followers })}
          </dd>
        </div>
      </dl>
      <div className="mt-auto">
        <Button asChild variant="outline" size="sm" className="w-full sm:w-auto">
          <Link href={href}>
            {t("card.viewQuestions")} <span className="sr-only">{t("card.taggedSr", { name: tag.name })}</span>
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </article>
  );
}

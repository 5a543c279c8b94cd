"use client";

import Link from "@/components/common/link";
import { useState } from "react";
import { MessageSquarePlus, Sparkles, X } from "lucide-react";
import { useTranslations } from "next-intl";

import { TagBadge } from "@/components/tags/tag-badge";
import { TagFollowButton } from "@/components/tags/tag-follow-button";
import { Button } from "@/components/ui/button";
import { useDismissWelcome } from "@/lib/api-client/users";

/** A tag the first-run card offers to follow, and whether the member already does. */
export interface WelcomeTag {
  id: number;
  name: string;
  color: string;
  isFollowing: boolean;
}

/**
 * The first-run card on a new member's home feed: follow a few popular tags (with their Follow
 * buttons) and ask a first question. Dismissing it hides it at once and for good (stored on the
 * account, so it stays dismissed on every device).
 */
export function WelcomeCard({ name, tags }: { name: string | null; tags: WelcomeTag[] }) {
  const t = useTranslations("home.welcome");
  const [hidden, setHidden] = useState(false);
  const dismiss = useDismissWelcome();
  if (hidden) return null;
  return (
    <section aria-labelledby="welcome-title" className="relative rounded-xl border border-primary/25 bg-gradient-to-br from-primary/10 via-card to-card p-5 shadow-xs">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={t("dismiss")}
        className="absolute top-2 right-2 size-8"
        onClick={() => {
          setHidden(true);
          dismiss.mutate(undefined, { onError: () => setHidden(false) });
        }}
      >
        <X aria-hidden />
      </Button>
      <h2 id="welcome-title" className="flex items-center gap-2 pr-8 text-lg font-semibold">
        <Sparkles className="size-5 text-primary" aria-hidden />
        {name ? t("titleNamed", { name }) : t("title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("lead")}</p>
      <ol className="mt-4 space-y-4">
        <li>
          <p className="text-sm font-medium">{t("step1")}</p>
          {tags.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("popularTags")}>
              {tags.map((tag) => (
                <li key={tag.id} className="flex items-center gap-1.5 rounded-lg border bg-background py-1 pr-1 pl-2">
                  <TagBadge tag={tag} />
                  <TagFollowButton tag={tag} initialIsFollowing={tag.isFollowing} className="h-7 min-w-0 px-2.5 text-xs" />
                </li>
              ))}
            </ul>
          ) : null}
          <Link href="/tags" className="mt-2 inline-block rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
            {t("exploreAll")}
          </Link>
        </li>
        <li>
          <p className="text-sm font-medium">{t("step2")}</p>
          <Button asChild size="sm" className="mt-2">
            <Link href="/?ask=1" scroll={false}>
              <MessageSquarePlus aria-hidden /> {t("ask")}
            </Link>
          </Button>
        </li>
      </ol>
    </section>
  );
}

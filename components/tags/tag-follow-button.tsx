"use client";

import { Check, Loader2, Plus } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { useTagFollow, useTagFollowStatus } from "@/lib/api-client/tags";
import { cn } from "@/lib/utils";

/**
 * Follow / Unfollow a tag, for signed-in members only (render nothing for visitors).
 * `initialIsFollowing` is what the page was rendered with; without it the state is fetched.
 */
export function TagFollowButton({
  tag,
  initialIsFollowing,
  size = "sm",
  className,
}: {
  tag: { id: number; name: string };
  initialIsFollowing?: boolean;
  size?: "sm" | "default";
  className?: string;
}) {
  const { data: isFollowing = false, isPending: loading } = useTagFollowStatus(tag.id, { initialIsFollowing });
  const t = useTranslations("tags.common");
  const follow = useTagFollow();
  const pending = follow.isPending;

  return (
    <Button
      type="button"
      size={size}
      variant={isFollowing ? "secondary" : "default"}
      disabled={pending || loading}
      onClick={() => follow.mutate({ tag, follow: !isFollowing })}
      className={cn("min-w-24", className)}
    >
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : isFollowing ? <Check aria-hidden /> : <Plus aria-hidden />}
      {isFollowing ? t("unfollow") : t("follow")}
      <span className="sr-only"> {tag.name}</span>
    </Button>
  );
}

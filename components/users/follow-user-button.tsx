"use client";

import { Loader2, UserCheck, UserPlus } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { useFollowUser } from "@/lib/api-client/users";
import { cn } from "@/lib/utils";

/**
 * Follow / Unfollow a member (profiles and member cards). `isFollowing` comes from the data the
 * parent shows (profile, member card), which the follow mutation updates in place.
 */
export function FollowUserButton({
  user,
  isFollowing,
  size = "sm",
  className,
}: {
  user: { id: string; name: string };
  isFollowing: boolean;
  size?: "sm" | "default";
  className?: string;
}) {
  const t = useTranslations("users.followButton");
  const follow = useFollowUser();
  const pending = follow.isPending;
  return (
    <Button
      type="button"
      size={size}
      variant={isFollowing ? "secondary" : "default"}
      disabled={pending}
      onClick={() => follow.mutate({ user, follow: !isFollowing })}
      className={cn("min-w-28", className)}
    >
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : isFollowing ? <UserCheck aria-hidden /> : <UserPlus aria-hidden />}
      {isFollowing ? t("unfollow") : t("follow")}
      <span className="sr-only"> {user.name}</span>
    </Button>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Check, Clock, Loader2, UserPlus } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useJoinGroup, type Group } from "@/lib/api-client/groups";
import { cn } from "@/lib/utils";

/**
 * A group card's membership state: the "Member" badge, a "Requested" note for a pending request
 * to a private group, or "Join Group" (which, for a private group, sends a request).
 */
export function GroupMembershipButton({ group, className }: { group: Group; className?: string }) {
  const t = useTranslations("groups");
  const router = useRouter();
  const join = useJoinGroup({ onDone: () => router.refresh() });

  if (group.isMember) {
    return (
      <Badge variant="secondary" className={cn("gap-1 bg-primary/10 text-accent-foreground dark:bg-primary/20", className)}>
        <Check aria-hidden /> {t("membership.member")}
      </Badge>
    );
  }
  if (group.hasRequested) {
    return (
      <Badge variant="outline" className={cn("gap-1 text-muted-foreground", className)}>
        <Clock aria-hidden /> {t("common.requested")}
      </Badge>
    );
  }
  if (!group.viewerCan.join) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      className={cn("relative z-10", className)}
      disabled={join.isPending}
      onClick={() => join.mutate({ id: group.id })}
      aria-label={t("membership.joinAria", { name: group.name })}
    >
      {join.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <UserPlus aria-hidden />}
      {t("common.joinGroup")}
    </Button>
  );
}

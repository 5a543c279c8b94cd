"use client";

import { Ban, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { useBlockUser } from "@/lib/api-client/direct-messages";

/** Block / Unblock a member (profiles, Settings > Privacy): a blocked member can no longer send you direct messages. */
export function BlockMemberButton({ user, isBlocked, className }: { user: { id: string; name: string }; isBlocked: boolean; className?: string }) {
  const t = useTranslations("messages.block");
  const block = useBlockUser();
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      disabled={block.isPending}
      onClick={() => block.mutate({ user, block: !isBlocked })}
      className={className}
    >
      {block.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Ban aria-hidden />}
      {isBlocked ? t("unblock") : t("block")}
      <span className="sr-only"> {user.name}</span>
    </Button>
  );
}

"use client";

import { Ban, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { useBlockUser } from "@/lib/api-client/direct-messages";
import { useEarlyAction } from "@/lib/early/use-early-action";

/** Block / Unblock a member (profiles, Settings > Privacy): a blocked member can no longer send you direct messages. */
export function BlockMemberButton({ user, isBlocked, className }: { user: { id: string; name: string }; isBlocked: boolean; className?: string }) {
  const t = useTranslations("messages.block");
  const block = useBlockUser();
  const toggle = () => block.mutate({ user, block: !isBlocked });
  // A press before the page has hydrated counts once it has (lib/early/script.ts).
  const early = useEarlyAction(`block-${user.id}`, toggle);
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      disabled={block.isPending}
      onClick={toggle}
      {...early}
      className={className}
    >
      {block.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Ban aria-hidden />}
      {isBlocked ? t("unblock") : t("block")}
      <span className="sr-only"> {user.name}</span>
    </Button>
  );
}

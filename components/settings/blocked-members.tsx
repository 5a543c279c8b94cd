"use client";

import Link from "@/components/common/link";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";

import { UserAvatar } from "@/components/common/user-avatar";
import { BlockMemberButton } from "@/components/messages/block-member-button";
import { SettingsCard } from "@/components/settings/setting-row";
import { useBlockedMembers } from "@/lib/api-client/direct-messages";
import { displayName } from "@/lib/display";

/** Settings > Privacy: the members the viewer blocked (GET /api/users/me/blocks), each with Unblock. */
export function BlockedMembers() {
  const t = useTranslations("settings.blocked");
  const { data, isPending, isError } = useBlockedMembers();
  return (
    <SettingsCard title={t("title")} description={t("description")}>
      {isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> {t("loading")}
        </p>
      ) : isError ? (
        <p className="text-sm text-muted-foreground">{t("loadFailed")}</p>
      ) : data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("empty")}</p>
      ) : (
        <ul className="divide-y" aria-label={t("listLabel")}>
          {data.map(({ user }) => {
            const name = displayName(user);
            return (
              <li key={user.id} className="flex items-center gap-3 py-2.5">
                <UserAvatar user={user} className="size-8" decorative />
                <Link href={`/users/${user.id}`} className="min-w-0 flex-1 truncate text-sm font-medium hover:underline">
                  {name}
                </Link>
                <BlockMemberButton user={{ id: user.id, name }} isBlocked />
              </li>
            );
          })}
        </ul>
      )}
    </SettingsCard>
  );
}

"use client";

import { useId, useState } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Check, Loader2, MailPlus, Search, UserPlus, X } from "lucide-react";
import { useTranslations } from "next-intl";

import { TimeAgo } from "@/components/common/time-ago";
import { UserAvatar } from "@/components/common/user-avatar";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { useGroupInvitations, useInviteMember, useJoinGroup, useRemoveInvitation, type Group, type GroupInvitation } from "@/lib/api-client/groups";
import { keys } from "@/lib/api-client/keys";
import type { Member } from "@/lib/api-client/users";
import { displayName } from "@/lib/display";
import { useTypedBeforeHydration } from "@/lib/early/use-typed-before-hydration";
import { useDebounced } from "@/lib/use-debounced";

/** Fewest letters before the member search runs. */
const MIN_SEARCH_LENGTH = 2;
/** How many matching members the picker offers. */
const PICKER_RESULTS = 6;
/** Quiet time after typing before searching. */
const SEARCH_DELAY_MS = 250;


/**
 * The creator's "Invite Members" card on the group page: find a member by name or handle (the
 * members directory's search), invite them, and see or withdraw the pending invitations.
 */
export function InviteMembers({ group, initialInvitations }: { group: Group; initialInvitations?: GroupInvitation[] }) {
  const t = useTranslations("groups.invitations");
  const id = useId();
  const [search, setSearch] = useState("");
  const typedEarly = useTypedBeforeHydration(search, setSearch);
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const searching = term.length >= MIN_SEARCH_LENGTH;
  const members = useQuery<Member[]>({ queryKey: keys.users.list("new", term), enabled: searching });
  const invitations = useGroupInvitations(group.id, { initialData: initialInvitations });
  const invite = useInviteMember(group.id);
  const withdraw = useRemoveInvitation(group.id);
  const pending = invitations.data ?? [];
  const invited = new Set(pending.map((i) => i.userId));
  const invitedAgo = (invitation: GroupInvitation) => t.rich("invitedAgo", { time: () => <TimeAgo date={invitation.createdAt} /> });
  const matches = (members.data ?? []).filter((m) => m.id !== group.creatorId).slice(0, PICKER_RESULTS);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border bg-card p-4 shadow-xs">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
        <MailPlus className="size-4 text-muted-foreground" aria-hidden /> {t("title")}
      </h2>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-search`} className="text-xs text-muted-foreground">
          {t("findLabel")}
        </Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id={`${id}-search`}
            type="search"
            ref={typedEarly}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t("findPlaceholder")}
            autoComplete="off"
            className="pl-8"
            aria-describedby={`${id}-results-status`}
          />
        </div>
      </div>
      <p id={`${id}-results-status`} role="status" className="sr-only">
        {searching && members.data ? t("found", { count: matches.length }) : ""}
      </p>
      {searching ? (
        members.isPending ? (
          <div className="space-y-2" aria-hidden>
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        ) : matches.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("noneFound")}</p>
        ) : (
          <ul className="space-y-1" aria-label={t("foundList")}>
            {matches.map((member) => {
              const name = displayName(member);
              const busy = invite.isPending && invite.variables?.userId === member.id;
              return (
                <li key={member.id} className="flex items-center gap-2">
                  <UserAvatar user={member} className="size-7 text-xs" decorative />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{name}</span>
                    <span className="block truncate text-xs text-muted-foreground">@{member.handle}</span>
                  </span>
                  {invited.has(member.id) ? (
                    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                      <Check className="size-3.5" aria-hidden /> {t("invited")}
                    </span>
                  ) : (
                    <Button size="sm" variant="outline" onClick={() => invite.mutate({ userId: member.id, name })} disabled={busy} aria-label={t("inviteAria", { name })}>
                      {busy ? <Loader2 className="animate-spin" aria-hidden /> : <UserPlus aria-hidden />}
                      {t("invite")}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )
      ) : null}

      <div className="space-y-2 border-t pt-3">
        <h3 className="text-xs font-semibold text-muted-foreground uppercase">{t("pending")}</h3>
        {invitations.isPending ? (
          <Skeleton className="h-9 w-full" />
        ) : pending.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("nonePending")}</p>
        ) : (
          <ul className="space-y-2" aria-label={t("pending")}>
            {pending.map((invitation) => {
              const name = displayName(invitation.user);
              return (
                <li key={invitation.id} className="flex items-center gap-2">
                  <Link
                    href={`/users/${invitation.user.id}`}
                    className="flex min-w-0 flex-1 items-center gap-2 rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <UserAvatar user={invitation.user} className="size-7 text-xs" decorative />
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium">{name}</span>
                      <span className="block text-xs text-muted-foreground">
                        {invitedAgo(invitation)}
                      </span>
                    </span>
                  </Link>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => withdraw.mutate({ userId: invitation.userId, as: "creator" })}
                    disabled={withdraw.isPending && withdraw.variables?.userId === invitation.userId}
                    aria-label={t("withdrawAria", { name })}
                  >
                    <X aria-hidden /> {t("withdraw")}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

/** What an invited member sees on the group page: who invited them, "Accept invitation" (joins) and "Decline". */
export function InvitationNotice({ group, onDone }: { group: Group & { invitation: NonNullable<Group["invitation"]> }; onDone: () => void }) {
  const t = useTranslations("groups");
  const id = useId();
  const accept = useJoinGroup({ onDone });
  const decline = useRemoveInvitation(group.id, { onDone });
  const busy = accept.isPending || decline.isPending;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border border-primary/25 bg-primary/[0.05] p-4 sm:flex-row sm:items-center sm:justify-between dark:bg-primary/[0.10]"
    >
      <div className="min-w-0">
        <h2 id={`${id}-title`} className="font-semibold">
          {t("invitations.noticeTitle")}
        </h2>
        <p className="mt-0.5 text-sm text-muted-foreground">
          {t("invitations.noticeText", { name: displayName(group.invitation.invitedBy) })}
          {group.isPrivate ? t("invitations.noticePrivate") : ""}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button onClick={() => accept.mutate({ id: group.id })} disabled={busy}>
          {accept.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Check aria-hidden />}
          {t("invitations.accept")}
        </Button>
        <Button variant="outline" onClick={() => decline.mutate({ userId: group.invitation.userId, as: "invitee" })} disabled={busy}>
          {decline.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <X aria-hidden />}
          {t("common.decline")}
        </Button>
      </div>
    </section>
  );
}

"use client";

import Link from "@/components/common/link";
import { Check, Inbox, X } from "lucide-react";
import { useTranslations } from "next-intl";

import { TimeAgo } from "@/components/common/time-ago";
import { UserAvatar } from "@/components/common/user-avatar";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useJoinRequests, useReviewJoinRequest, type JoinRequest } from "@/lib/api-client/groups";
import { displayName } from "@/lib/display";

/** A private group's pending requests to join, each with Approve and Decline (its creator's view). */
export function JoinRequests({ groupId, initialRequests }: { groupId: number; initialRequests?: JoinRequest[] }) {
  const t = useTranslations("groups");
  const query = useJoinRequests(groupId, { initialData: initialRequests });
  const review = useReviewJoinRequest(groupId);
  const requests = query.data ?? [];
  const askedAgo = (request: JoinRequest) => t.rich("joinRequests.asked", { time: () => <TimeAgo date={request.createdAt} /> });
  const busy = (request: JoinRequest) => review.isPending && review.variables?.request.userId === request.userId;

  return (
    <section aria-labelledby="join-requests-title" className="space-y-3 rounded-xl border bg-card p-4 shadow-xs">
      <h2 id="join-requests-title" className="flex items-center gap-2 text-sm font-semibold">
        {t("joinRequests.title")}
        {requests.length > 0 ? (
          <span className="rounded-full bg-primary px-1.5 py-0.5 text-xs leading-none font-semibold text-primary-foreground tabular-nums">{requests.length}</span>
        ) : null}
      </h2>
      {query.isPending ? (
        <div role="status" aria-label={t("joinRequests.loading")} className="space-y-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : requests.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Inbox className="size-4" aria-hidden /> {t("joinRequests.none")}
        </p>
      ) : (
        <ul className="divide-y" aria-label={t("joinRequests.list")}>
          {requests.map((request) => {
            const name = displayName(request.user);
            return (
              <li key={request.id} className="flex flex-wrap items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                <Link
                  href={`/users/${request.user.id}`}
                  className="flex min-w-0 flex-1 items-center gap-2.5 rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <UserAvatar user={request.user} className="size-8" decorative />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">{name}</span>
                    <span className="block text-xs text-muted-foreground">
                      {askedAgo(request)}
                    </span>
                  </span>
                </Link>
                <div className="flex gap-1.5">
                  <Button
                    size="sm"
                    onClick={() => review.mutate({ request, decision: "approve" })}
                    disabled={busy(request)}
                    aria-label={t("joinRequests.approveAria", { name })}
                  >
                    <Check aria-hidden /> {t("joinRequests.approve")}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => review.mutate({ request, decision: "decline" })}
                    disabled={busy(request)}
                    aria-label={t("joinRequests.declineAria", { name })}
                  >
                    <X aria-hidden /> {t("common.decline")}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

"use client";

import Link from "@/components/common/link";
import { ScrollText, Settings2 } from "lucide-react";

import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";
import { RoleBadge } from "@/components/common/role-badge";
import { TimeAgo } from "@/components/common/time-ago";
import { UserAvatar } from "@/components/common/user-avatar";
import { useAuditLog, type AuditEntry } from "@/lib/api-client/moderation";
import { flattenPages, type ListPage } from "@/lib/api-client/paging";
import { displayName } from "@/lib/display";

/** What each action reads as in the log; an unknown one shows its code. */
const ACTION_LABELS: Record<string, string> = {
  "user.suspend": "Suspended a member",
  "user.unsuspend": "Lifted a suspension",
  "user.role": "Changed a role",
  "user.deleteAsSpammer": "Deleted a spammer",
  "question.lock": "Locked a question",
  "question.unlock": "Unlocked a question",
  "question.close": "Closed a question",
  "question.reopen": "Reopened a question",
  "question.hide": "Hid a question",
  "answer.hide": "Hid an answer",
  "comment.hide": "Hid a comment",
  "question.delete": "Deleted a question",
  "answer.delete": "Deleted an answer",
  "comment.delete": "Deleted a comment",
  "flags.dismiss": "Dismissed flags",
  "flags.hide": "Hid a flagged post",
  "flags.unhide": "Restored a flagged post",
  "flags.delete": "Deleted a flagged post",
  "flags.lock": "Locked a flagged post's question",
  "flags.suspend": "Suspended a flagged post's author",
};

const TARGET_NAMES: Record<string, string> = { question: "Question", answer: "Answer", comment: "Comment", user: "Member" };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
const str = (value: unknown) => (typeof value === "string" ? value : null);

/** The details of an entry in a few plain words (the days of a suspension, the old and new role, what went). */
function detailsText(entry: AuditEntry): string | null {
  const d = entry.details && typeof entry.details === "object" && !Array.isArray(entry.details) ? (entry.details as Record<string, unknown>) : null;
  if (!d) return null;
  if (entry.action === "user.suspend" || entry.action === "flags.suspend") {
    const days = num(d.days);
    const until = str(d.until);
    if (days !== null) return `${plural(days, "day")}${until ? `, until ${new Date(until).toLocaleDateString("en-US", { dateStyle: "medium" })}` : ""}`;
  }
  if (entry.action === "user.role" && str(d.from) && str(d.to)) return `${str(d.from)} → ${str(d.to)}`;
  if (entry.action === "user.deleteAsSpammer") {
    const votes = num(d.removedVotes) ?? 0;
    return `Removed ${plural(num(d.deletedQuestions) ?? 0, "question")}, ${plural(num(d.deletedAnswers) ?? 0, "answer")}, ${plural(num(d.deletedComments) ?? 0, "comment")}${votes ? ` and ${plural(votes, "vote")}` : ""}`;
  }
  if (num(d.flags) !== null) return `${plural(num(d.flags)!, "flag")} resolved`;
  const pairs = Object.entries(d).filter(([, v]) => typeof v === "string" || typeof v === "number" || typeof v === "boolean");
  return pairs.length ? pairs.map(([k, v]) => `${k}: ${String(v)}`).join(", ") : null;
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const label = ACTION_LABELS[entry.action] ?? entry.action;
  const details = detailsText(entry);
  const targetName = TARGET_NAMES[entry.target.type] ?? entry.target.type;
  return (
    <li className="rounded-xl border bg-card p-4 text-card-foreground shadow-xs" data-testid="audit-entry" data-action={entry.action}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold">
          {label} <code className="ml-1 rounded bg-muted px-1 py-0.5 text-xs font-normal text-muted-foreground">{entry.action}</code>
        </p>
        <p className="text-xs text-muted-foreground" title={new Date(entry.createdAt).toUTCString()}>
          <TimeAgo date={entry.createdAt} />
        </p>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[7rem_1fr]">
        <dt className="text-muted-foreground">By</dt>
        <dd className="flex min-w-0 flex-wrap items-center gap-1.5">
          {entry.actor ? (
            <>
              <UserAvatar user={entry.actor} className="size-5 text-[10px]" decorative />
              {entry.actor.isDeleted ? (
                <span>{displayName(entry.actor)}</span>
              ) : (
                <Link href={`/users/${entry.actor.id}`} className="rounded-sm font-medium hover:underline">
                  {displayName(entry.actor)}
                </Link>
              )}
              <RoleBadge author={entry.actor} />
            </>
          ) : (
            <span className="inline-flex items-center gap-1.5 text-muted-foreground">
              <Settings2 className="size-4" aria-hidden /> The site&apos;s configuration (AGORA_ADMIN_EMAILS)
            </span>
          )}
        </dd>
        <dt className="text-muted-foreground">{targetName}</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">
          {entry.target.link && entry.target.label ? (
            <Link href={entry.target.link} className="font-medium text-primary underline-offset-4 hover:underline">
              {entry.target.label}
            </Link>
          ) : (
            <span className="text-muted-foreground">
              #{entry.target.id} <span className="italic">(no longer available)</span>
            </span>
          )}
        </dd>
        {entry.reason ? (
          <>
            <dt className="text-muted-foreground">Reason</dt>
            <dd className="min-w-0 whitespace-pre-line [overflow-wrap:anywhere]">{entry.reason}</dd>
          </>
        ) : null}
        {details ? (
          <>
            <dt className="text-muted-foreground">Details</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{details}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

/** /admin/audit: every moderator and admin action, newest first, a page at a time. */
export function AuditLog({ initialPage }: { initialPage: ListPage<AuditEntry> }) {
  const query = useAuditLog(initialPage);
  const entries = flattenPages(query.data);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Audit log</h1>
        <p className="text-muted-foreground">Every action of a moderator or an admin: who did what, to which post or member, why and when. Newest first.</p>
      </div>
      {query.isError && entries.length === 0 ? (
        <LoadError message="The audit log could not be loaded." onRetry={() => query.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState icon={ScrollText} title="Nothing yet" headingLevel={2}>
          Suspensions, role changes, deleted spammers and review actions will be listed here.
        </EmptyState>
      ) : (
        <ol className="space-y-3" aria-label="Audit entries">
          {entries.map((entry) => (
            <AuditItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      <LoadMoreButton query={query} label="Load more entries" />
    </div>
  );
}

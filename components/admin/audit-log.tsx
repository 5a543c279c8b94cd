"use client";

import Link from "@/components/common/link";
import { ScrollText, Settings2 } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";

import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";
import { RoleBadge } from "@/components/common/role-badge";
import { TimeAgo } from "@/components/common/time-ago";
import { UserAvatar } from "@/components/common/user-avatar";
import { useAuditLog, type AuditEntry } from "@/lib/api-client/moderation";
import { flattenPages, type ListPage } from "@/lib/api-client/paging";
import { displayName } from "@/lib/display";

/** The actions and targets the log names in words (admin.audit.actions / targets); an unknown one shows its code. */
const KNOWN_ACTIONS = new Set([
  "user.suspend",
  "user.unsuspend",
  "user.role",
  "user.deleteAsSpammer",
  "question.lock",
  "question.unlock",
  "question.close",
  "question.reopen",
  "question.hide",
  "answer.hide",
  "comment.hide",
  "question.delete",
  "answer.delete",
  "comment.delete",
  "flags.dismiss",
  "flags.hide",
  "flags.unhide",
  "flags.delete",
  "flags.lock",
  "flags.suspend",
]);
const KNOWN_TARGETS = new Set(["question", "answer", "comment", "user"]);
const UNTIL_FORMAT = { dateStyle: "medium" } as const;

type AuditTranslator = ReturnType<typeof useTranslations<"admin.audit">>;
type Formatter = ReturnType<typeof useFormatter>;

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
const str = (value: unknown) => (typeof value === "string" ? value : null);

/** The details of an entry in a few plain words (the days of a suspension, the old and new role, what went). */
function detailsText(entry: AuditEntry, t: AuditTranslator, format: Formatter): string | null {
  const d = entry.details && typeof entry.details === "object" && !Array.isArray(entry.details) ? (entry.details as Record<string, unknown>) : null;
  if (!d) return null;
  if (entry.action === "user.suspend" || entry.action === "flags.suspend") {
    const days = num(d.days);
    const until = str(d.until);
    if (days !== null) return until ? t("suspendUntil", { days, until: format.dateTime(new Date(until), UNTIL_FORMAT) }) : t("suspendDays", { days });
  }
  if (entry.action === "user.role" && str(d.from) && str(d.to)) return `${str(d.from)} → ${str(d.to)}`;
  if (entry.action === "user.deleteAsSpammer") {
    const votes = num(d.removedVotes) ?? 0;
    const counts = { questions: num(d.deletedQuestions) ?? 0, answers: num(d.deletedAnswers) ?? 0, comments: num(d.deletedComments) ?? 0 };
    return votes ? t("spammerVotes", { ...counts, votes }) : t("spammer", counts);
  }
  if (num(d.flags) !== null) return t("flagsResolved", { count: num(d.flags)! });
  const pairs = Object.entries(d).filter(([, v]) => typeof v === "string" || typeof v === "number" || typeof v === "boolean");
  return pairs.length ? pairs.map(([k, v]) => `${k}: ${String(v)}`).join(", ") : null;
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const t = useTranslations("admin.audit");
  const format = useFormatter();
  // Keys checked against the known sets above; the typed keys of next-intl do not follow a Set.
  const label = KNOWN_ACTIONS.has(entry.action) ? t(`actions.${entry.action}` as Parameters<AuditTranslator>[0]) : entry.action;
  const details = detailsText(entry, t, format);
  const targetName = KNOWN_TARGETS.has(entry.target.type) ? t(`targets.${entry.target.type}` as Parameters<AuditTranslator>[0]) : entry.target.type;
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
        <dt className="text-muted-foreground">{t("by")}</dt>
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
              <Settings2 className="size-4" aria-hidden /> {t("configuration")}
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
              #{entry.target.id} <span className="italic">{t("unavailable")}</span>
            </span>
          )}
        </dd>
        {entry.reason ? (
          <>
            <dt className="text-muted-foreground">{t("reason")}</dt>
            <dd className="min-w-0 whitespace-pre-line [overflow-wrap:anywhere]">{entry.reason}</dd>
          </>
        ) : null}
        {details ? (
          <>
            <dt className="text-muted-foreground">{t("details")}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{details}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

/** /admin/audit: every moderator and admin action, newest first, a page at a time. */
export function AuditLog({ initialPage }: { initialPage: ListPage<AuditEntry> }) {
  const t = useTranslations("admin.audit");
  const query = useAuditLog(initialPage);
  const entries = flattenPages(query.data);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("intro")}</p>
      </div>
      {query.isError && entries.length === 0 ? (
        <LoadError message={t("loadError")} onRetry={() => query.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState icon={ScrollText} title={t("emptyTitle")} headingLevel={2}>
          {t("emptyText")}
        </EmptyState>
      ) : (
        <ol className="space-y-3" aria-label={t("list")}>
          {entries.map((entry) => (
            <AuditItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      <LoadMoreButton query={query} label={t("loadMore")} />
    </div>
  );
}

import type { ReactNode } from "react";
import Link from "@/components/common/link";
import { useTranslations } from "next-intl";
import { AlertTriangle, Bot, CheckCircle2, Flag, Mail, MessageSquare, MessagesSquare, ScrollText, Shield, Sparkles, Users } from "lucide-react";

import { BarChart, useAdminFormat } from "@/components/admin/bar-chart";
import { RetryButton } from "@/components/admin/retry-button";
import { TimeAgo } from "@/components/common/time-ago";
import { UserAvatar } from "@/components/common/user-avatar";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { displayName } from "@/lib/display";
import type { AdminOverviewJson } from "@/lib/server/admin/presenters";
import { cn } from "@/lib/utils";

type Activity = AdminOverviewJson["activity"];
type SeriesKey = "members" | "questions" | "answers" | "aiAnswers" | "tokens";

const sumOf = (activity: Activity, key: SeriesKey) => activity.reduce((n, d) => n + d[key], 0);
const pointsOf = (activity: Activity, key: SeriesKey) => activity.map((d) => ({ day: d.day, value: d[key] }));

/** The /admin dashboard, from GET /api/admin/overview's JSON (the page reads the same presenter). */
export function AdminDashboard({ overview }: { overview: AdminOverviewJson }) {
  const { totals, activity, ai, mail, flags, staff } = overview;
  const t = useTranslations("admin.dashboard");
  const { formatNumber } = useAdminFormat();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
          <Link href="/admin/audit" className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline">
            <ScrollText className="size-4" aria-hidden /> {t("auditLink")}
          </Link>
        </div>
        <p className="text-muted-foreground">{t("intro")}</p>
      </div>

      <section aria-labelledby="admin-totals">
        <h2 id="admin-totals" className="sr-only">
          {t("totals")}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <StatTile icon={<Users />} label={t("members")} value={totals.members} recent={sumOf(activity, "members")} />
          <StatTile icon={<MessagesSquare />} label={t("questions")} value={totals.questions} recent={sumOf(activity, "questions")} />
          <StatTile icon={<MessageSquare />} label={t("answers")} value={totals.answers} recent={sumOf(activity, "answers")} />
          <StatTile icon={<Sparkles />} label={t("aiAnswers")} value={totals.aiAnswers} recent={sumOf(activity, "aiAnswers")} />
          <div className="col-span-2 flex flex-col justify-between gap-2 rounded-xl border bg-card p-4 shadow-sm sm:col-span-1">
            <dt className="flex items-center gap-2 text-sm text-muted-foreground [&_svg]:size-4">
              <Flag aria-hidden /> {t("openFlags")}
            </dt>
            <dd className="flex items-end justify-between gap-2">
              <span className="text-2xl font-semibold tabular-nums">{formatNumber(flags.open)}</span>
              <Link href="/review" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                {t("reviewQueue")}
              </Link>
            </dd>
          </div>
        </dl>
      </section>

      <Card className="gap-5">
        <CardHeader>
          <h2 className="leading-none font-semibold">{t("activity")}</h2>
          <CardDescription>{t("activityDescription", { days: activity.length })}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <div className="grid grid-cols-1 gap-x-8 gap-y-6 sm:grid-cols-2">
            <BarChart title={t("newMembers")} unit="members" points={pointsOf(activity, "members")} barClassName="fill-chart-3" />
            <BarChart title={t("questions")} unit="questions" points={pointsOf(activity, "questions")} barClassName="fill-chart-1" />
            <BarChart title={t("answers")} unit="answers" points={pointsOf(activity, "answers")} barClassName="fill-chart-4" />
            <BarChart title={t("aiAnswers")} unit="aiAnswers" points={pointsOf(activity, "aiAnswers")} barClassName="fill-chart-2" />
          </div>
          <ActivityTable activity={activity} />
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <AiWorkerCard ai={ai} activity={activity} />
        <MailCard mail={mail} />
      </div>

      <StaffCard staff={staff} />
    </div>
  );
}

function StatTile({ icon, label, value, recent }: { icon: ReactNode; label: string; value: number; recent: number }) {
  const t = useTranslations("admin.dashboard");
  const { formatNumber } = useAdminFormat();
  return (
    <div className="flex flex-col justify-between gap-2 rounded-xl border bg-card p-4 shadow-sm">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground [&_svg]:size-4">
        <span aria-hidden className="contents">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="flex flex-wrap items-end justify-between gap-x-2">
        <span className="text-2xl font-semibold tabular-nums">{formatNumber(value)}</span>
        <span className="text-xs text-muted-foreground tabular-nums">{t("recent", { count: formatNumber(recent) })}</span>
      </dd>
    </div>
  );
}

/** The charts' numbers as a table, newest day first, behind a disclosure. */
function ActivityTable({ activity }: { activity: Activity }) {
  const t = useTranslations("admin.dashboard");
  const { formatNumber, formatDay } = useAdminFormat();
  return (
    <details className="group rounded-lg border">
      <summary className="cursor-pointer rounded-lg px-4 py-2.5 text-sm font-medium outline-none select-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50">
        {t("showNumbers")}
      </summary>
      {/* A scrolling region: focusable, so it scrolls from the keyboard too. */}
      <div
        role="region"
        aria-label={t("perDay")}
        tabIndex={0}
        className="max-h-96 overflow-auto border-t outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <table className="w-full text-sm tabular-nums">
          <caption className="sr-only">{t("perDayCaption", { days: activity.length })}</caption>
          <thead className="sticky top-0 bg-card text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">{t("day")}</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">{t("members")}</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">{t("questions")}</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">{t("answers")}</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">{t("aiAnswers")}</th>
              <th scope="col" className="px-4 py-2 text-right font-medium">{t("tokens")}</th>
            </tr>
          </thead>
          <tbody>
            {[...activity].reverse().map((d) => (
              <tr key={d.day} className="border-t">
                <th scope="row" className="px-4 py-1.5 text-left font-normal whitespace-nowrap">
                  <time dateTime={d.day}>{formatDay(d.day)}</time>
                </th>
                <td className="px-3 py-1.5 text-right">{formatNumber(d.members)}</td>
                <td className="px-3 py-1.5 text-right">{formatNumber(d.questions)}</td>
                <td className="px-3 py-1.5 text-right">{formatNumber(d.answers)}</td>
                <td className="px-3 py-1.5 text-right">{formatNumber(d.aiAnswers)}</td>
                <td className="px-4 py-1.5 text-right">{formatNumber(d.tokens)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** Counts of a worker's states, as a row of small figures. */
function StatusCounts({ items }: { items: { label: string; value: number; alarming?: boolean }[] }) {
  const { formatNumber } = useAdminFormat();
  return (
    <dl className="grid grid-cols-2 gap-2 min-[360px]:grid-cols-4">
      {items.map((item) => (
        <div
          key={item.label}
          className={cn("rounded-lg border border-transparent bg-muted/60 px-3 py-2", item.alarming && item.value > 0 && "border-destructive/60 bg-destructive/5")}
        >
          <dt className="flex items-center gap-1.5 truncate text-xs text-muted-foreground">
            {item.alarming && item.value > 0 ? <span className="size-1.5 shrink-0 rounded-full bg-destructive" aria-hidden /> : null}
            {item.label}
          </dt>
          <dd className="text-lg font-semibold tabular-nums">{formatNumber(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Setting({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium break-all">{children}</dd>
    </div>
  );
}

function NothingFailed({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
      <CheckCircle2 className="size-4 text-success" aria-hidden /> {children}
    </p>
  );
}

function FailedItem({ title, meta, error, action }: { title: ReactNode; meta: ReactNode; error: string | null; action: ReactNode }) {
  const t = useTranslations("admin.dashboard");
  return (
    <li className="space-y-2 py-3 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-0.5">
          <p className="text-sm font-medium break-words">{title}</p>
          <p className="text-xs text-muted-foreground">{meta}</p>
        </div>
        {action}
      </div>
      {error ? (
        <p className="flex gap-2 rounded-md border-l-2 border-destructive bg-muted/60 px-3 py-2 font-mono text-xs break-words">
          <AlertTriangle className="mt-px size-3.5 shrink-0 text-destructive" aria-hidden />
          <span className="min-w-0">
            <span className="sr-only">{t("lastError")}</span>
            {error}
          </span>
        </p>
      ) : null}
    </li>
  );
}

function AiWorkerCard({ ai, activity }: { ai: AdminOverviewJson["ai"]; activity: Activity }) {
  const { provider } = ai;
  const t = useTranslations("admin.dashboard");
  const providerText = !provider.configured
    ? t("notConfigured")
    : provider.kind === "openai"
      ? "OpenAI" // a product name
      : provider.host
        ? t("providerCompatible", { host: provider.host })
        : t("providerCustom");
  const waiting = t.rich("waiting", { code: (chunks) => <code className="font-mono text-xs">{chunks}</code> });
  const failedMeta = (job: AdminOverviewJson["ai"]["failed"][number]) =>
    t.rich("aiFailedMeta", { attempts: job.attempts, time: () => <TimeAgo date={job.failedAt} /> });
  return (
    <Card className="gap-5">
      <CardHeader>
        <h2 className="flex items-center gap-2 leading-none font-semibold">
          <Bot className="size-4 text-muted-foreground" aria-hidden /> {t("aiTitle")}
        </h2>
        <CardDescription>{t("aiDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="space-y-1.5">
          <Setting label={t("provider")}>
            {providerText}
          </Setting>
          <Setting label={t("model")}>{provider.model ?? "—"}</Setting>
          <Setting label={t("worker")}>{ai.workerEnabled ? t("workerOn") : t("workerOff")}</Setting>
        </dl>
        {!provider.configured ? (
          <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
            {waiting}
          </p>
        ) : null}
        <StatusCounts
          items={[
            { label: t("pending"), value: ai.jobs.pending },
            { label: t("writing"), value: ai.jobs.running },
            { label: t("failed"), value: ai.jobs.failed, alarming: true },
            { label: t("done"), value: ai.jobs.done },
          ]}
        />
        <BarChart title={t("tokensUsed")} unit="tokens" points={pointsOf(activity, "tokens")} barClassName="fill-chart-2" />
        <div className="space-y-3">
          <h3 className="text-sm font-semibold">{t("failedAnswers")}</h3>
          {ai.failed.length === 0 ? (
            <NothingFailed>{t("noFailedAnswers")}</NothingFailed>
          ) : (
            <ul className="divide-y">
              {ai.failed.map((job) => (
                <FailedItem
                  key={job.id}
                  title={
                    <Link href={`/questions/${job.questionId}`} className="hover:underline">
                      {job.questionTitle}
                    </Link>
                  }
                  meta={failedMeta(job)}
                  error={job.lastError}
                  action={<RetryButton target="ai-job" id={job.id} label={t("retryAiLabel", { title: job.questionTitle })} />}
                />
              ))}
            </ul>
          )}
          {ai.failed.length > 0 ? <p className="text-xs text-muted-foreground">{t("retryNote")}</p> : null}
        </div>
      </CardContent>
    </Card>
  );
}

function MailCard({ mail }: { mail: AdminOverviewJson["mail"] }) {
  const t = useTranslations("admin.dashboard");
  const failedMeta = (message: AdminOverviewJson["mail"]["failed"][number]) =>
    t.rich("mailFailedMeta", { to: message.to, attempts: message.attempts, time: () => <TimeAgo date={message.createdAt} /> });
  return (
    <Card className="gap-5">
      <CardHeader>
        <h2 className="flex items-center gap-2 leading-none font-semibold">
          <Mail className="size-4 text-muted-foreground" aria-hidden /> {t("mailTitle")}
        </h2>
        <CardDescription>{t("mailDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="space-y-1.5">
          <Setting label={t("delivery")}>
            {mail.transport.kind === "smtp" ? (mail.transport.host ? t("smtp", { host: mail.transport.host }) : t("smtpDefault")) : t("emlFiles")}
          </Setting>
        </dl>
        <StatusCounts
          items={[
            { label: t("pending"), value: mail.outbox.pending },
            { label: t("sending"), value: mail.outbox.sending },
            { label: t("failed"), value: mail.outbox.failed, alarming: true },
            { label: t("sent"), value: mail.outbox.sent },
          ]}
        />
        <div className="space-y-3">
          <h3 className="text-sm font-semibold">{t("failedEmails")}</h3>
          {mail.failed.length === 0 ? (
            <NothingFailed>{t("noFailedEmails")}</NothingFailed>
          ) : (
            <ul className="divide-y">
              {mail.failed.map((message) => (
                <FailedItem
                  key={message.id}
                  title={message.subject}
                  meta={failedMeta(message)}
                  error={message.lastError}
                  action={<RetryButton target="email" id={message.id} label={t("retryMailLabel", { subject: message.subject })} />}
                />
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function StaffCard({ staff }: { staff: AdminOverviewJson["staff"] }) {
  const t = useTranslations("admin.dashboard");
  return (
    <Card className="gap-5">
      <CardHeader>
        <h2 className="flex items-center gap-2 leading-none font-semibold">
          <Shield className="size-4 text-muted-foreground" aria-hidden /> {t("staffTitle")}
        </h2>
        <CardDescription>
          {t("staffDescription", { count: staff.length })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {staff.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("nobody")}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {staff.map((person) => (
              <li key={person.id} className="flex items-center gap-3 rounded-lg border px-3 py-2">
                <UserAvatar user={person} className="size-9" decorative />
                <Link href={`/users/${person.id}`} className="min-w-0 flex-1 truncate text-sm font-medium hover:underline">
                  {displayName(person)}
                </Link>
                <Badge variant={person.role === "admin" ? "default" : "secondary"} className="capitalize">
                  {person.role === "admin" || person.role === "moderator" || person.role === "member" ? t(`roles.${person.role}`) : person.role}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

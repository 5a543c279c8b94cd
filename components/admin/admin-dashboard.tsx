import type { ReactNode } from "react";
import Link from "@/components/common/link";
import { AlertTriangle, Bot, CheckCircle2, Flag, Mail, MessageSquare, MessagesSquare, ScrollText, Shield, Sparkles, Users } from "lucide-react";

import { BarChart, formatDay, formatNumber } from "@/components/admin/bar-chart";
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
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Admin</h1>
          <Link href="/admin/audit" className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline">
            <ScrollText className="size-4" aria-hidden /> Audit log
          </Link>
        </div>
        <p className="text-muted-foreground">How the site is doing: activity, AI answers, e-mail and the people who keep it clean. Days are in UTC.</p>
      </div>

      <section aria-labelledby="admin-totals">
        <h2 id="admin-totals" className="sr-only">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <StatTile icon={<Users />} label="Members" value={totals.members} recent={sumOf(activity, "members")} />
          <StatTile icon={<MessagesSquare />} label="Questions" value={totals.questions} recent={sumOf(activity, "questions")} />
          <StatTile icon={<MessageSquare />} label="Answers" value={totals.answers} recent={sumOf(activity, "answers")} />
          <StatTile icon={<Sparkles />} label="AI answers" value={totals.aiAnswers} recent={sumOf(activity, "aiAnswers")} />
          <div className="col-span-2 flex flex-col justify-between gap-2 rounded-xl border bg-card p-4 shadow-sm sm:col-span-1">
            <dt className="flex items-center gap-2 text-sm text-muted-foreground [&_svg]:size-4">
              <Flag aria-hidden /> Open flags
            </dt>
            <dd className="flex items-end justify-between gap-2">
              <span className="text-2xl font-semibold tabular-nums">{flags.open === null ? "—" : formatNumber(flags.open)}</span>
              <Link href="/review" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                Review queue
              </Link>
            </dd>
          </div>
        </dl>
      </section>

      <Card className="gap-5">
        <CardHeader>
          <h2 className="leading-none font-semibold">Activity</h2>
          <CardDescription>What was created each day over the last {activity.length} days.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <div className="grid gap-x-8 gap-y-6 sm:grid-cols-2">
            <BarChart title="New members" unit="members" points={pointsOf(activity, "members")} barClassName="fill-chart-3" />
            <BarChart title="Questions" unit="questions" points={pointsOf(activity, "questions")} barClassName="fill-chart-1" />
            <BarChart title="Answers" unit="answers" points={pointsOf(activity, "answers")} barClassName="fill-chart-4" />
            <BarChart title="AI answers" unit="AI answers" points={pointsOf(activity, "aiAnswers")} barClassName="fill-chart-2" />
          </div>
          <ActivityTable activity={activity} />
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <AiWorkerCard ai={ai} activity={activity} />
        <MailCard mail={mail} />
      </div>

      <StaffCard staff={staff} />
    </div>
  );
}

function StatTile({ icon, label, value, recent }: { icon: ReactNode; label: string; value: number; recent: number }) {
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
        <span className="text-xs text-muted-foreground tabular-nums">+{formatNumber(recent)} in 30 days</span>
      </dd>
    </div>
  );
}

/** The charts' numbers as a table, newest day first, behind a disclosure. */
function ActivityTable({ activity }: { activity: Activity }) {
  return (
    <details className="group rounded-lg border">
      <summary className="cursor-pointer rounded-lg px-4 py-2.5 text-sm font-medium outline-none select-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50">
        Show the numbers
      </summary>
      {/* A scrolling region: focusable, so it scrolls from the keyboard too. */}
      <div
        role="region"
        aria-label="Activity per day"
        tabIndex={0}
        className="max-h-96 overflow-auto border-t outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <table className="w-full text-sm tabular-nums">
          <caption className="sr-only">Activity per day over the last {activity.length} days, newest first</caption>
          <thead className="sticky top-0 bg-card text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">Day</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Members</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Questions</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Answers</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">AI answers</th>
              <th scope="col" className="px-4 py-2 text-right font-medium">Tokens</th>
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
            <span className="sr-only">Last error: </span>
            {error}
          </span>
        </p>
      ) : null}
    </li>
  );
}

function AiWorkerCard({ ai, activity }: { ai: AdminOverviewJson["ai"]; activity: Activity }) {
  const { provider } = ai;
  return (
    <Card className="gap-5">
      <CardHeader>
        <h2 className="flex items-center gap-2 leading-none font-semibold">
          <Bot className="size-4 text-muted-foreground" aria-hidden /> AI answers
        </h2>
        <CardDescription>The worker that writes each question&apos;s automatic answer.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="space-y-1.5">
          <Setting label="Provider">
            {provider.configured ? (provider.kind === "openai" ? "OpenAI" : `OpenAI-compatible at ${provider.host ?? "a custom server"}`) : "Not configured"}
          </Setting>
          <Setting label="Model">{provider.model ?? "—"}</Setting>
          <Setting label="Background worker">{ai.workerEnabled ? "On" : "Off on this instance"}</Setting>
        </dl>
        {!provider.configured ? (
          <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
            Answers wait until <code className="font-mono text-xs">OPENAI_API_KEY</code> or <code className="font-mono text-xs">OPENAI_BASE_URL</code> is set.
          </p>
        ) : null}
        <StatusCounts
          items={[
            { label: "Pending", value: ai.jobs.pending },
            { label: "Writing", value: ai.jobs.running },
            { label: "Failed", value: ai.jobs.failed, alarming: true },
            { label: "Done", value: ai.jobs.done },
          ]}
        />
        <BarChart title="Tokens used" unit="tokens" points={pointsOf(activity, "tokens")} barClassName="fill-chart-2" />
        <div className="space-y-3">
          <h3 className="text-sm font-semibold">Failed answers</h3>
          {ai.failed.length === 0 ? (
            <NothingFailed>No failed AI answers.</NothingFailed>
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
                  meta={
                    <>
                      {job.attempts} {job.attempts === 1 ? "attempt" : "attempts"} · failed <TimeAgo date={job.failedAt} />
                    </>
                  }
                  error={job.lastError}
                  action={<RetryButton target="ai-job" id={job.id} label={`the AI answer to “${job.questionTitle}”`} />}
                />
              ))}
            </ul>
          )}
          {ai.failed.length > 0 ? <p className="text-xs text-muted-foreground">Failed answers are retried with backoff on their own; Retry makes one due now.</p> : null}
        </div>
      </CardContent>
    </Card>
  );
}

function MailCard({ mail }: { mail: AdminOverviewJson["mail"] }) {
  return (
    <Card className="gap-5">
      <CardHeader>
        <h2 className="flex items-center gap-2 leading-none font-semibold">
          <Mail className="size-4 text-muted-foreground" aria-hidden /> E-mail outbox
        </h2>
        <CardDescription>Messages waiting, sent and given up on.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="space-y-1.5">
          <Setting label="Delivery">{mail.transport.kind === "smtp" ? `SMTP via ${mail.transport.host ?? "the configured server"}` : ".eml files in the data folder"}</Setting>
        </dl>
        <StatusCounts
          items={[
            { label: "Pending", value: mail.outbox.pending },
            { label: "Sending", value: mail.outbox.sending },
            { label: "Failed", value: mail.outbox.failed, alarming: true },
            { label: "Sent", value: mail.outbox.sent },
          ]}
        />
        <div className="space-y-3">
          <h3 className="text-sm font-semibold">Failed e-mails</h3>
          {mail.failed.length === 0 ? (
            <NothingFailed>No failed e-mails.</NothingFailed>
          ) : (
            <ul className="divide-y">
              {mail.failed.map((message) => (
                <FailedItem
                  key={message.id}
                  title={message.subject}
                  meta={
                    <>
                      To {message.to} · {message.attempts} {message.attempts === 1 ? "attempt" : "attempts"} · queued <TimeAgo date={message.createdAt} />
                    </>
                  }
                  error={message.lastError}
                  action={<RetryButton target="email" id={message.id} label={`the e-mail “${message.subject}”`} />}
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
  return (
    <Card className="gap-5">
      <CardHeader>
        <h2 className="flex items-center gap-2 leading-none font-semibold">
          <Shield className="size-4 text-muted-foreground" aria-hidden /> Moderators and admins
        </h2>
        <CardDescription>
          {staff.length === 1 ? "One person" : `${staff.length} people`} can moderate this site.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {staff.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody yet.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {staff.map((person) => (
              <li key={person.id} className="flex items-center gap-3 rounded-lg border px-3 py-2">
                <UserAvatar user={person} className="size-9" decorative />
                <Link href={`/users/${person.id}`} className="min-w-0 flex-1 truncate text-sm font-medium hover:underline">
                  {displayName(person)}
                </Link>
                <Badge variant={person.role === "admin" ? "default" : "secondary"} className="capitalize">
                  {person.role}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

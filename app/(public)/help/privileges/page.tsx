import type { Metadata } from "next";
import { Check, Lock, ShieldCheck } from "lucide-react";

import Link from "@/components/common/link";
import { getViewer } from "@/lib/server/auth/session";
import { hasPrivilege, isStaff, PRIVILEGES } from "@/lib/server/policy";
import { cn } from "@/lib/utils";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Privileges",
  description:
    "What every Agora member can do, and what reputation unlocks: voting to close questions at 250, reviewing suggested edits at 500, editing any post at 1,000.",
  keywords: ["privileges", "reputation", "suggested edits", "edit", "close votes", "review"],
  alternates: { canonical: "/help/privileges" },
};

/** What SPEC.md gives every member, whatever their reputation. */
const EVERY_MEMBER = [
  { title: "Ask", description: "Ask questions, in public or in your groups." },
  { title: "Answer", description: "Answer in your own words, or post an AI answer from your own prompt." },
  { title: "Vote", description: "Vote questions and answers up or down (not your own)." },
  { title: "Comment", description: "Comment on answers and reply to comments." },
  { title: "Suggest edits", description: "Suggest an edit of anyone's question or answer; it is applied once reviewed." },
] as const;

const number = (n: number) => n.toLocaleString("en-US");

/**
 * /help/privileges (issue 13): the policy module's PRIVILEGES table as a page (never a copy of
 * it), and, for a signed-in member, their reputation, what they hold and how far the next one is.
 */
export default async function PrivilegesPage() {
  const viewer = await getViewer();
  const reputation = viewer?.reputation ?? 1;
  const staff = isStaff(viewer);
  const next = viewer && !staff ? PRIVILEGES.find((p) => !hasPrivilege(viewer, p.key)) : undefined;

  return (
    <div className="mx-auto max-w-3xl space-y-10 py-4">
      <header className="space-y-3">
        <p className="text-sm font-semibold text-primary">Help</p>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Privileges</h1>
        <p className="text-lg leading-relaxed text-muted-foreground">
          Reputation is how much the community trusts you: up-votes on your posts, accepted answers and approved edits earn it.
          As it grows, Agora trusts you with more.
        </p>
      </header>

      {viewer ? (
        <section aria-labelledby="privileges-you" className="rounded-xl border bg-card p-5 text-card-foreground shadow-xs">
          <h2 id="privileges-you" className="text-lg font-semibold">
            Your reputation: <span className="tabular-nums">{number(reputation)}</span>
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {staff
              ? "As a moderator or admin, you hold every privilege."
              : next
                ? `${number(next.reputation - reputation)} more to “${next.title}” (at ${number(next.reputation)}).`
                : "You hold every privilege reputation unlocks."}{" "}
            <Link href={`/users/${viewer.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
              Your profile
            </Link>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="privileges-everyone" className="space-y-3">
        <h2 id="privileges-everyone" className="text-xl font-semibold tracking-tight">
          Every member
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {EVERY_MEMBER.map((item) => (
            <li key={item.title} className="flex gap-3 rounded-lg border bg-card p-4 text-card-foreground">
              <Check className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden />
              <div>
                <h3 className="font-medium">{item.title}</h3>
                <p className="text-sm text-muted-foreground">{item.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="privileges-reputation" className="space-y-3">
        <h2 id="privileges-reputation" className="text-xl font-semibold tracking-tight">
          Unlocked by reputation
        </h2>
        <table className="w-full border-separate border-spacing-0 overflow-hidden rounded-xl border text-sm">
          <caption className="sr-only">Privileges and the reputation each takes</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold whitespace-nowrap">
                Reputation
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Privilege
              </th>
              {viewer ? (
                <th scope="col" className="px-4 py-2 font-semibold whitespace-nowrap">
                  You
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {PRIVILEGES.map((privilege) => {
              const held = viewer ? hasPrivilege(viewer, privilege.key) : false;
              return (
                <tr key={privilege.key} className="align-top">
                  <td className="border-t px-4 py-3 font-semibold tabular-nums">{number(privilege.reputation)}</td>
                  <td className="border-t px-4 py-3">
                    <p className="font-medium">{privilege.title}</p>
                    <p className="text-muted-foreground">{privilege.description}</p>
                  </td>
                  {viewer ? (
                    <td className="border-t px-4 py-3">
                      <span className={cn("inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap", held ? "text-emerald-800 dark:text-emerald-300" : "text-muted-foreground")}>
                        {held ? <Check className="size-3.5" aria-hidden /> : <Lock className="size-3.5" aria-hidden />}
                        {held ? "Yours" : `${number(privilege.reputation - reputation)} to go`}
                      </span>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="privileges-staff" className="flex gap-3 rounded-xl border bg-muted/30 p-5">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div>
          <h2 id="privileges-staff" className="font-semibold">
            Moderators and admins
          </h2>
          <p className="text-sm text-muted-foreground">Moderators and admins hold all of these privileges, whatever their reputation.</p>
        </div>
      </section>
    </div>
  );
}

import type { Metadata } from "next";
import { Check, Lock, ShieldCheck } from "lucide-react";
import { getFormatter, getTranslations } from "next-intl/server";

import Link from "@/components/common/link";
import { getViewer } from "@/lib/server/auth/session";
import { hasPrivilege, isStaff, PRIVILEGES } from "@/lib/server/policy";
import { cn } from "@/lib/utils";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.privileges");
  return {
    title: t("title"),
    description: t("metaDescription"),
    keywords: ["privileges", "reputation", "suggested edits", "edit", "close votes", "review"],
    alternates: { canonical: "/help/privileges" },
  };
}

/** What SPEC.md gives every member, whatever their reputation. */
const EVERY_MEMBER = ["ask", "answer", "vote", "comment", "suggestEdits"] as const;

/**
 * /help/privileges (issue 13): the policy module's PRIVILEGES table as a page (never a copy of
 * it), and, for a signed-in member, their reputation, what they hold and how far the next one is.
 */
export default async function PrivilegesPage() {
  const viewer = await getViewer();
  const reputation = viewer?.reputation ?? 1;
  const staff = isStaff(viewer);
  const next = viewer && !staff ? PRIVILEGES.find((p) => !hasPrivilege(viewer, p.key)) : undefined;
  const [t, format] = await Promise.all([getTranslations("pages.privileges"), getFormatter()]);
  const number = (n: number) => format.number(n);
  const yourReputation = t.rich("yourReputation", { reputation: number(reputation), value: (chunks) => <span className="tabular-nums">{chunks}</span> });

  return (
    <div className="mx-auto max-w-3xl space-y-10 py-4">
      <header className="space-y-3">
        <p className="text-sm font-semibold text-primary">{t("eyebrow")}</p>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t("title")}</h1>
        <p className="text-lg leading-relaxed text-muted-foreground">
          {t("lead")}
        </p>
      </header>

      {viewer ? (
        <section aria-labelledby="privileges-you" className="rounded-xl border bg-card p-5 text-card-foreground shadow-xs">
          <h2 id="privileges-you" className="text-lg font-semibold">
            {yourReputation}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {staff
              ? t("staffHoldsAll")
              : next
                ? t("nextPrivilege", { missing: number(next.reputation - reputation), title: t(`items.${next.key}.title`), at: number(next.reputation) })
                : t("holdsAll")}{" "}
            <Link href={`/users/${viewer.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
              {t("yourProfile")}
            </Link>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="privileges-everyone" className="space-y-3">
        <h2 id="privileges-everyone" className="text-xl font-semibold tracking-tight">
          {t("everyMember")}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {EVERY_MEMBER.map((item) => (
            <li key={item} className="flex gap-3 rounded-lg border bg-card p-4 text-card-foreground">
              <Check className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden />
              <div>
                <h3 className="font-medium">{t(`everyone.${item}.title`)}</h3>
                <p className="text-sm text-muted-foreground">{t(`everyone.${item}.description`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="privileges-reputation" className="space-y-3">
        <h2 id="privileges-reputation" className="text-xl font-semibold tracking-tight">
          {t("unlocked")}
        </h2>
        <table className="w-full border-separate border-spacing-0 overflow-hidden rounded-xl border text-sm">
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold whitespace-nowrap">
                {t("reputationColumn")}
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t("privilegeColumn")}
              </th>
              {viewer ? (
                <th scope="col" className="px-4 py-2 font-semibold whitespace-nowrap">
                  {t("youColumn")}
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
                    <p className="font-medium">{t(`items.${privilege.key}.title`)}</p>
                    <p className="text-muted-foreground">{t(`items.${privilege.key}.description`)}</p>
                  </td>
                  {viewer ? (
                    <td className="border-t px-4 py-3">
                      <span className={cn("inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap", held ? "text-emerald-800 dark:text-emerald-300" : "text-muted-foreground")}>
                        {held ? <Check className="size-3.5" aria-hidden /> : <Lock className="size-3.5" aria-hidden />}
                        {held ? t("yours") : t("toGo", { missing: number(privilege.reputation - reputation) })}
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
            {t("staffTitle")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("staffBody")}</p>
        </div>
      </section>
    </div>
  );
}

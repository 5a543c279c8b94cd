import type { Metadata } from "next";
import Link from "@/components/common/link";
import { Bot, MessageSquarePlus, Rss, Tags, UsersRound, type LucideIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";

import { Button } from "@/components/ui/button";
import { getViewer } from "@/lib/server/auth/session";
import { listPopularTags } from "@/lib/server/tags/queries";
import { signUpHref } from "@/lib/auth-links";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.about");
  return {
    title: t("metaTitle"),
    description: t("metaDescription"),
    keywords: ["about Agora", "how it works", "AI answers", "community Q&A", "tags", "follow topics"],
  };
}

/** SPEC.md section 9: the about page lists 8 popular topics. */
const ABOUT_TOPIC_LIMIT = 8;

const steps: { key: "ask" | "ai" | "community" | "follow"; icon: LucideIcon }[] = [
  { key: "ask", icon: MessageSquarePlus },
  { key: "ai", icon: Bot },
  { key: "community", icon: UsersRound },
  { key: "follow", icon: Rss },
];

/** /about: what Agora is and how it works, plus the most popular topics. */
export default async function AboutPage() {
  const [viewer, topics, t] = await Promise.all([getViewer(), listPopularTags(ABOUT_TOPIC_LIMIT), getTranslations("pages.about")]);

  const reputationLine = t.rich("reputation", {
    link: (chunks) => (
      <Link href="/help/privileges" className="font-medium text-primary underline-offset-4 hover:underline">
        {chunks}
      </Link>
    ),
  });

  return (
    <div className="mx-auto max-w-4xl space-y-14 py-4">
      <header className="text-center">
        <p className="text-sm font-semibold text-primary">{t("eyebrow")}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t("title")}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-muted-foreground">
          {t("lead")}
        </p>
      </header>

      <section aria-labelledby="about-how">
        <h2 id="about-how" className="text-xl font-semibold tracking-tight">
          {t("howTitle")}
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2">
          {steps.map(({ key, icon: Icon }, index) => (
            <li key={key} className="flex gap-4 rounded-xl border bg-card p-5 shadow-xs">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary dark:bg-primary/20">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold">
                  <span className="sr-only">{t("step", { number: index + 1 })} </span>
                  {t(`steps.${key}.title`)}
                </h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{t(`steps.${key}.body`)}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-4 text-sm text-muted-foreground">
          {reputationLine}
        </p>
      </section>

      <section aria-labelledby="about-topics">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="about-topics" className="text-xl font-semibold tracking-tight">
            {t("topicsTitle")}
          </h2>
          <Link href="/tags" className="rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
            {t("viewAllTags")}
          </Link>
        </div>
        {topics.length === 0 ? (
          <p className="mt-4 text-sm text-muted-foreground">{t("noTags")}</p>
        ) : (
          <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {topics.map((tag) => (
              <li key={tag.id}>
                <Link
                  href={`/tags/${encodeURIComponent(tag.name)}`}
                  className="flex items-center gap-2.5 rounded-lg border bg-card px-3 py-2.5 text-sm font-medium outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: tag.color }} />
                  <span className="min-w-0 flex-1 truncate">{tag.name}</span>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {tag.questionCount}
                    <span className="sr-only"> {t("tagQuestions", { count: tag.questionCount })}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="about-start" className="rounded-2xl border bg-gradient-to-br from-primary/10 via-transparent to-transparent p-8 text-center">
        <Tags className="mx-auto size-8 text-primary" aria-hidden />
        <h2 id="about-start" className="mt-3 text-xl font-semibold tracking-tight">
          {viewer ? t("memberTitle") : t("visitorTitle")}
        </h2>
        <p className="mx-auto mt-2 max-w-lg text-sm text-muted-foreground">
          {viewer ? t("memberBody") : t("visitorBody")}
        </p>
        <Button asChild className="mt-5">
          {viewer ? <Link href="/?ask=1">{t("ask")}</Link> : <a href={signUpHref("/about")}>{t("signUp")}</a>}
        </Button>
      </section>
    </div>
  );
}

import Link from "@/components/common/link";
import { ArrowRight, Sparkles, ThumbsUp } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { signUpHref } from "@/lib/auth-links";

/** The landing hero: what Agora is, Get Started, and a glimpse of a question with its AI answer. */
export function Hero() {
  const t = useTranslations("landing.hero");
  const title = t.rich("title", {
    highlight: (chunks) => (
      <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent dark:from-indigo-300 dark:to-violet-300">
        {chunks}
      </span>
    ),
  });
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_50%_-10%,color-mix(in_oklch,var(--primary)_18%,transparent),transparent)]"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[linear-gradient(to_right,color-mix(in_oklch,var(--border)_60%,transparent)_1px,transparent_1px),linear-gradient(to_bottom,color-mix(in_oklch,var(--border)_60%,transparent)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_70%)] bg-[size:3rem_3rem]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-16 pb-20 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:pt-24 lg:pb-28">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
            <Sparkles className="size-3.5 text-primary" aria-hidden />
            {t("badge")}
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {title}
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground lg:mx-0">
            {t("lead")}
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row lg:justify-start">
            <Button asChild size="lg" className="w-full sm:w-auto">
              <a href={signUpHref()}>
                {t("getStarted")} <ArrowRight aria-hidden />
              </a>
            </Button>
            <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
              <Link href="/about">{t("howItWorks")}</Link>
            </Button>
          </div>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

/** The mock question's author (a name, never translated) and tags. */
const PREVIEW_AUTHOR = "Maya Chen";
const PREVIEW_TAGS = ["react", "performance"];

/** A decorative mock of a question and its AI answer; hidden from assistive technology. */
function HeroPreview() {
  const t = useTranslations("landing.heroPreview");
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md select-none lg:max-w-none">
      <div className="absolute -inset-4 -z-10 rounded-3xl bg-gradient-to-br from-indigo-500/20 via-violet-500/10 to-transparent blur-2xl" />
      <div className="rounded-2xl border bg-card p-5 shadow-xl">
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <span className="flex size-6 items-center justify-center rounded-full bg-amber-500/15 text-[11px] font-semibold text-amber-700 dark:text-amber-300">
            {PREVIEW_AUTHOR[0]}
          </span>
          {t("byline", { name: PREVIEW_AUTHOR })}
        </div>
        <p className="mt-3 font-semibold leading-snug">{t("question")}</p>
        <div className="mt-3 flex gap-1.5">
          {PREVIEW_TAGS.map((tag) => (
            <span key={tag} className="rounded-md border bg-secondary/60 px-2 py-0.5 text-xs text-secondary-foreground">
              {tag}
            </span>
          ))}
        </div>
        <div className="mt-4 rounded-xl border border-primary/20 bg-primary/[0.05] p-4 dark:bg-primary/10">
          <p className="flex items-center gap-1.5 text-xs font-semibold text-accent-foreground">
            <Sparkles className="size-3.5" /> {t("aiAnswer")}
          </p>
          <p className="mt-2 text-sm leading-relaxed text-foreground/80">
            {t("answer")}
          </p>
        </div>
        <div className="mt-4 flex items-center justify-between text-xs text-muted-foreground">
          <span className="flex items-center gap-1">
            <ThumbsUp className="size-3.5" /> {t("stats")}
          </span>
          <span className="rounded-full bg-emerald-600/10 px-2 py-0.5 font-medium text-emerald-800 dark:text-emerald-300">{t("answered")}</span>
        </div>
      </div>
    </div>
  );
}

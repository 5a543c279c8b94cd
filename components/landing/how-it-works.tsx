import { Bot, MessageSquarePlus, Rss, UsersRound, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";

const steps: { key: "ask" | "ai" | "community" | "feed"; icon: LucideIcon; tint: string }[] = [
  {
    key: "ask",
    icon: MessageSquarePlus,
    tint: "bg-indigo-500/10 text-indigo-700 dark:bg-indigo-400/15 dark:text-indigo-300",
  },
  {
    key: "ai",
    icon: Bot,
    tint: "bg-violet-500/10 text-violet-700 dark:bg-violet-400/15 dark:text-violet-300",
  },
  {
    key: "community",
    icon: UsersRound,
    tint: "bg-emerald-500/10 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300",
  },
  {
    key: "feed",
    icon: Rss,
    tint: "bg-amber-500/10 text-amber-700 dark:bg-amber-400/15 dark:text-amber-300",
  },
];

/** The four how-it-works cards of the landing page. */
export function HowItWorks() {
  const t = useTranslations("landing.howItWorks");
  return (
    <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold text-primary">{t("eyebrow")}</p>
        <h2 id="how-title" className="mt-2 text-3xl font-bold tracking-tight">
          {t("title")}
        </h2>
        <p className="mt-3 text-muted-foreground">
          {t("lead")}
        </p>
      </div>
      <ol className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map(({ key, icon: Icon, tint }, index) => (
          <li key={key} className="relative rounded-xl border bg-card p-6 shadow-xs">
            <span className="absolute top-5 right-5 text-xs font-semibold text-muted-foreground tabular-nums" aria-hidden>
              0{index + 1}
            </span>
            <span className={`flex size-11 items-center justify-center rounded-lg ${tint}`}>
              <Icon className="size-5" aria-hidden />
            </span>
            <h3 className="mt-5 font-semibold">{t(`steps.${key}.title`)}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t(`steps.${key}.body`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

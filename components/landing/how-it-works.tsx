import { Bot, MessageSquarePlus, Rss, UsersRound, type LucideIcon } from "lucide-react";

const steps: { title: string; body: string; icon: LucideIcon; tint: string }[] = [
  {
    title: "Ask Questions",
    body: "Post a question, tag it so the right people find it, and keep it public or share it inside a group.",
    icon: MessageSquarePlus,
    tint: "bg-indigo-500/10 text-indigo-700 dark:bg-indigo-400/15 dark:text-indigo-300",
  },
  {
    title: "Custom AI Responses",
    body: "Every question gets an instant AI answer. Want another angle? Write your own prompt, preview the result, then post it.",
    icon: Bot,
    tint: "bg-violet-500/10 text-violet-700 dark:bg-violet-400/15 dark:text-violet-300",
  },
  {
    title: "Community Engagement",
    body: "Members add their own answers, vote the best ones up and talk details through in threaded comments.",
    icon: UsersRound,
    tint: "bg-emerald-500/10 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300",
  },
  {
    title: "Personalized Feed",
    body: "Follow the tags and people you care about, and your feed fills with the questions that matter to you.",
    icon: Rss,
    tint: "bg-amber-500/10 text-amber-700 dark:bg-amber-400/15 dark:text-amber-300",
  },
];

/** The four how-it-works cards of the landing page. */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold text-primary">How it works</p>
        <h2 id="how-title" className="mt-2 text-3xl font-bold tracking-tight">
          From question to great answer, fast
        </h2>
        <p className="mt-3 text-muted-foreground">
          AI gets you a solid first answer right away; the community makes it great.
        </p>
      </div>
      <ol className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map(({ title, body, icon: Icon, tint }, index) => (
          <li key={title} className="relative rounded-xl border bg-card p-6 shadow-xs">
            <span className="absolute top-5 right-5 text-xs font-semibold text-muted-foreground tabular-nums" aria-hidden>
              0{index + 1}
            </span>
            <span className={`flex size-11 items-center justify-center rounded-lg ${tint}`}>
              <Icon className="size-5" aria-hidden />
            </span>
            <h3 className="mt-5 font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

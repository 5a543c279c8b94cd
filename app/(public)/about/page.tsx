import type { Metadata } from "next";
import Link from "@/components/common/link";
import { Bot, MessageSquarePlus, Rss, Tags, UsersRound, type LucideIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { getViewer } from "@/lib/server/auth/session";
import { listPopularTags } from "@/lib/server/tags/queries";
import { signUpHref } from "@/lib/auth-links";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "About",
  description:
    "How Agora works: ask a question with tags, get an instant AI answer, and let the community add answers, votes and comments. Follow tags and people to shape your feed.",
  keywords: ["about Agora", "how it works", "AI answers", "community Q&A", "tags", "follow topics"],
};

/** SPEC.md section 9: the about page lists 8 popular topics. */
const ABOUT_TOPIC_LIMIT = 8;

const steps: { title: string; body: string; icon: LucideIcon }[] = [
  {
    title: "Ask a question with tags",
    body: "Describe your problem in Markdown and add at least one tag, so the people who know the topic can find it. Post it publicly or inside one of your groups.",
    icon: MessageSquarePlus,
  },
  {
    title: "Get an instant AI answer",
    body: "As soon as you post, an AI answer is written for your question. Anyone signed in can also generate an alternative AI answer from their own prompt, preview it, and post it.",
    icon: Bot,
  },
  {
    title: "The community adds answers, votes and comments",
    body: "Members answer in their own words, vote the most helpful answers up, and discuss the details in threaded comments.",
    icon: UsersRound,
  },
  {
    title: "Follow tags and users",
    body: "Follow the topics and people you care about; their questions fill your Following feed, and notifications tell you when someone answers or follows you.",
    icon: Rss,
  },
];

/** /about: what Agora is and how it works, plus the most popular topics. */
export default async function AboutPage() {
  const [viewer, topics] = await Promise.all([getViewer(), listPopularTags(ABOUT_TOPIC_LIMIT)]);

  return (
    <div className="mx-auto max-w-4xl space-y-14 py-4">
      <header className="text-center">
        <p className="text-sm font-semibold text-primary">About</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">About Agora</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-muted-foreground">
          Agora is a community question-and-answer site where every question gets an AI answer in seconds, and people
          who know the subject make it better.
        </p>
      </header>

      <section aria-labelledby="about-how">
        <h2 id="about-how" className="text-xl font-semibold tracking-tight">
          How it works
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2">
          {steps.map(({ title, body, icon: Icon }, index) => (
            <li key={title} className="flex gap-4 rounded-xl border bg-card p-5 shadow-xs">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary dark:bg-primary/20">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {title}
                </h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{body}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-4 text-sm text-muted-foreground">
          Helpful posts earn reputation, and reputation earns trust:{" "}
          <Link href="/help/privileges" className="font-medium text-primary underline-offset-4 hover:underline">
            see the privileges it unlocks
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="about-topics">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="about-topics" className="text-xl font-semibold tracking-tight">
            Popular topics
          </h2>
          <Link href="/tags" className="rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
            View all tags
          </Link>
        </div>
        {topics.length === 0 ? (
          <p className="mt-4 text-sm text-muted-foreground">No tags available</p>
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
                    <span className="sr-only"> questions</span>
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
          {viewer ? "Have a question?" : "Join the community"}
        </h2>
        <p className="mx-auto mt-2 max-w-lg text-sm text-muted-foreground">
          {viewer
            ? "Ask it now and get an AI answer in seconds, then hear from the community."
            : "Sign up free to ask questions, generate AI answers, vote and follow the topics you love."}
        </p>
        <Button asChild className="mt-5">
          {viewer ? <Link href="/?ask=1">Ask Question</Link> : <a href={signUpHref("/about")}>Sign Up Free</a>}
        </Button>
      </section>
    </div>
  );
}

import Link from "@/components/common/link";
import { Activity, Sparkles } from "lucide-react";

/** The desktop-only side panel of the home feed, with a static welcome message (SPEC.md section 2). */
export function RecentActivityPanel() {
  return (
    <aside aria-labelledby="recent-activity-title" className="hidden w-72 shrink-0 xl:block">
      <div className="sticky top-24 space-y-4">
        <section className="rounded-xl border bg-card p-5 shadow-xs">
          <h2 id="recent-activity-title" className="flex items-center gap-2 text-sm font-semibold">
            <Activity className="size-4 text-primary" aria-hidden /> Recent Activity
          </h2>
          <p className="mt-3 text-sm leading-relaxed text-muted-foreground">
            Welcome to Agora! Ask a question and an AI answer arrives in seconds; then the community weighs in with
            answers, votes and comments. Follow tags and people to shape your feed.
          </p>
        </section>
        <section aria-label="Tip" className="rounded-xl border border-primary/20 bg-gradient-to-br from-primary/10 to-transparent p-5">
          <p className="flex items-center gap-2 text-sm font-semibold text-accent-foreground">
            <Sparkles className="size-4" aria-hidden /> Tip
          </p>
          <p className="mt-2 text-sm leading-relaxed text-foreground/80">
            Want a different take? Open any question and generate your own AI answer from a custom prompt.
          </p>
          <Link href="/tags" className="mt-3 inline-block rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
            Explore tags
          </Link>
        </section>
      </div>
    </aside>
  );
}

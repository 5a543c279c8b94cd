import Link from "@/components/common/link";
import { Lock } from "lucide-react";

import { Button } from "@/components/ui/button";

/**
 * What a profile page shows when its owner keeps it from this viewer (privacy setting
 * "private", or "registered" for visitors): a clear state instead of the profile.
 */
export function ProfileUnavailable({ reason }: { reason: "private" | "registered" }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-2 py-16 text-center sm:py-24">
      <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/20">
        <Lock className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">This profile is private</h1>
      <p className="mt-3 text-muted-foreground">
        {reason === "private"
          ? "This member has chosen to keep their profile to themselves. Their questions and answers still appear with their name."
          : "This member's profile is visible to signed-in members only."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/users">Browse Members</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/">Back to Home</Link>
        </Button>
      </div>
    </div>
  );
}

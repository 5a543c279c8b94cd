import Link from "@/components/common/link";
import { Lock, LogIn } from "lucide-react";

import { Button } from "@/components/ui/button";
import { signInHref } from "@/lib/auth-links";

/**
 * What a profile page shows when its owner keeps it from this viewer: "This profile is private"
 * (privacy setting "private"), or for a visitor "Sign in to see this profile" (setting
 * "registered"), with a sign-in link that returns to `returnTo`.
 */
export function ProfileUnavailable({ reason, returnTo }: { reason: "private" | "registered"; returnTo: string }) {
  const registered = reason === "registered";
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-2 py-16 text-center sm:py-24">
      <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/20">
        {registered ? <LogIn className="size-7" aria-hidden /> : <Lock className="size-7" aria-hidden />}
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">{registered ? "Sign in to see this profile" : "This profile is private"}</h1>
      <p className="mt-3 text-muted-foreground">
        {registered
          ? "This member shows their profile to signed-in members only. Sign in or create a free account to see it."
          : "This member has chosen to keep their profile to themselves. Their questions and answers still appear with their name."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {registered ? (
          <Button asChild>
            <Link href={signInHref(returnTo)} prefetch={false}>
              Sign In
            </Link>
          </Button>
        ) : (
          <Button asChild>
            <Link href="/users">Browse Members</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link href="/">Back to Home</Link>
        </Button>
      </div>
    </div>
  );
}

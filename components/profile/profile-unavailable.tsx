import Link from "@/components/common/link";
import { Lock, LogIn } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { signInHref } from "@/lib/auth-links";

/**
 * What a profile page shows when its owner keeps it from this viewer: "This profile is private"
 * (privacy setting "private"), or for a visitor "Sign in to see this profile" (setting
 * "registered"), with a sign-in link that returns to `returnTo`.
 */
export function ProfileUnavailable({ reason, returnTo }: { reason: "private" | "registered"; returnTo: string }) {
  const t = useTranslations("profile.unavailable");
  const registered = reason === "registered";
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-2 py-16 text-center sm:py-24">
      <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/20">
        {registered ? <LogIn className="size-7" aria-hidden /> : <Lock className="size-7" aria-hidden />}
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">{registered ? t("registeredTitle") : t("privateTitle")}</h1>
      <p className="mt-3 text-muted-foreground">
        {registered ? t("registeredText") : t("privateText")}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {registered ? (
          <Button asChild>
            <Link href={signInHref(returnTo)} prefetch={false}>
              {t("signIn")}
            </Link>
          </Button>
        ) : (
          <Button asChild>
            <Link href="/users">{t("browseMembers")}</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link href="/">{t("backHome")}</Link>
        </Button>
      </div>
    </div>
  );
}

import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";

import { AuthPanel } from "@/components/auth/auth-panel";
import { signInErrorKey } from "@/components/auth/sign-in-errors";
import { configuredOAuthProviders } from "@/lib/server/auth/options";
import { getViewer } from "@/lib/server/auth/session";
import { safeCallbackUrl } from "@/lib/safe-callback";
import { PageMessages } from "@/components/common/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.metadata");
  return { title: t("loginTitle"), description: t("loginDescription"), robots: { index: false } };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** /login: sign in or create an account (GET /api/login sends visitors here). */
export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(first(params.callbackUrl));
  // Someone already signed in has nothing to do here.
  if (await getViewer()) redirect(callbackUrl);
  const errorKey = signInErrorKey(first(params.error));
  const t = await getTranslations("auth.errors");

  return (
    // The (public) layout owns the page's <main>; this only centres the card in it.
    <PageMessages scope="app/(public)/login/page.tsx">
      <div className="flex min-h-[calc(100dvh-10rem)] w-full items-center justify-center py-4 sm:py-10">
        <AuthPanel
          initialMode={first(params.mode) === "signup" ? "signup" : "signin"}
          callbackUrl={callbackUrl}
          providers={configuredOAuthProviders()}
          initialError={errorKey ? t(errorKey) : null}
        />
      </div>
    </PageMessages>
  );
}

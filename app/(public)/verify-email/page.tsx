import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { VerifyEmailCard } from "@/components/auth/email-link-forms";
import { getViewer } from "@/lib/server/auth/session";
import { PageMessages } from "@/components/common/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.metadata");
  return { title: t("verifyTitle"), robots: { index: false }, referrer: "no-referrer" };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** /verify-email?token=...: the link of the verification e-mail; its button spends the token (a prefetch of the page does not). */
export default async function VerifyEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() || null;
  const signedIn = (await getViewer()) !== null;
  return (
    <PageMessages scope="app/(public)/verify-email/page.tsx">
      <VerifyEmailCard token={token} signedIn={signedIn} />
    </PageMessages>
  );
}

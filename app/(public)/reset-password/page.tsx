import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { ResetPasswordForm } from "@/components/auth/email-link-forms";
import { PageMessages } from "@/components/common/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.metadata");
  return { title: t("resetTitle"), robots: { index: false }, referrer: "no-referrer" };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** /reset-password?token=...: the link of the password reset e-mail; the form sends the token with the new password. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() || null;
  return (
    <PageMessages scope="app/(public)/reset-password/page.tsx">
      <ResetPasswordForm token={token} />
    </PageMessages>
  );
}

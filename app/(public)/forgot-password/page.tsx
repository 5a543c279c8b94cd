import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { ForgotPasswordForm } from "@/components/auth/email-link-forms";
import { PageMessages } from "@/components/common/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.metadata");
  return { title: t("forgotTitle"), description: t("forgotDescription"), robots: { index: false } };
}

/** /forgot-password: the address of an account, to e-mail it a reset link ("Forgot password?" on /login). */
export default function ForgotPasswordPage() {
  return (
    <PageMessages scope="app/(public)/forgot-password/page.tsx">
      <ForgotPasswordForm />
    </PageMessages>
  );
}

import type { Metadata } from "next";

import { ForgotPasswordForm } from "@/components/auth/email-link-forms";

export const metadata: Metadata = {
  title: "Forgot password",
  description: "Get a link to choose a new password for your Agora account.",
  robots: { index: false },
};

/** /forgot-password: the address of an account, to e-mail it a reset link ("Forgot password?" on /login). */
export default function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}

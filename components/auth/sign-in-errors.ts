import english from "@/messages/en/auth.json";
import { SIGN_IN_THROTTLED_MESSAGE } from "@/lib/validation/auth";

/** The messages of sign-in failures (namespace "auth.errors"). */
export type SignInErrorKey = keyof typeof english.errors;

const GENERIC_CODE = english.errors.generic;

const keys: Record<string, SignInErrorKey> = {
  CredentialsSignin: "invalidCredentials",
  EmailNotVerified: "emailNotVerified",
  OAuthAccountNotVerified: "oauthAccountExists",
  AccessDenied: "accessDenied",
  OAuthSignin: "oauthSignin",
  OAuthCallback: "oauthCallback",
  OAuthCreateAccount: "oauthCreateAccount",
  OAuthAccountNotLinked: "oauthAccountNotLinked",
  Callback: "callback",
  SessionRequired: "sessionRequired",
  // The credentials provider reports these by their English sentence.
  [SIGN_IN_THROTTLED_MESSAGE]: "throttled",
  [GENERIC_CODE]: "generic",
};

/**
 * The message key for next-auth's error code (from `?error=` or a signIn() result), translated
 * with `useTranslations("auth.errors")`. Only known codes are shown as such: the query string is
 * anyone's to write.
 */
export function signInErrorKey(code: string | null | undefined): SignInErrorKey | null {
  if (!code) return null;
  return Object.hasOwn(keys, code) ? keys[code] : "failed";
}

/** The English message of a code (tests and logs); the interface translates signInErrorKey's key. */
export function signInErrorMessage(code: string | null | undefined): string | null {
  const key = signInErrorKey(code);
  return key ? english.errors[key] : null;
}

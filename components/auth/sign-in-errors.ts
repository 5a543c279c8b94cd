import { OAUTH_ACCOUNT_EXISTS_MESSAGE, SIGN_IN_THROTTLED_MESSAGE } from "@/lib/validation/auth";

/** The wrong-credentials message of the sign-in form. */
export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password.";
/** What a failed request that never reached the server says. */
export const NETWORK_ERROR_MESSAGE = "Could not reach Agora. Check your connection and try again.";
/** What anything unexpected says. */
export const GENERIC_ERROR_MESSAGE = "Something went wrong. Please try again.";

const messages: Record<string, string> = {
  CredentialsSignin: INVALID_CREDENTIALS_MESSAGE,
  EmailNotVerified: "That account has no verified email address, so it cannot sign in here. Verify it with the provider, or sign in with email and password.",
  OAuthAccountNotVerified: OAUTH_ACCOUNT_EXISTS_MESSAGE,
  AccessDenied: "That account cannot sign in here.",
  OAuthSignin: "Could not start signing in with that provider. Please try again.",
  OAuthCallback: "Signing in with that provider did not complete. Please try again.",
  OAuthCreateAccount: "Could not create an account from that provider. Please try again.",
  OAuthAccountNotLinked: "That email address is already used by another sign-in method.",
  Callback: "Signing in did not complete. Please try again.",
  SessionRequired: "Please sign in to continue.",
  [SIGN_IN_THROTTLED_MESSAGE]: SIGN_IN_THROTTLED_MESSAGE,
  [GENERIC_ERROR_MESSAGE]: GENERIC_ERROR_MESSAGE,
};

/**
 * A readable message for next-auth's error code (from `?error=` or a signIn() result).
 * Only known codes are shown as such: the query string is anyone's to write.
 */
export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return messages[code] ?? "Signing in failed. Please try again.";
}

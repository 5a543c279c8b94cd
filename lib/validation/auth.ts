// Account forms: the same schemas validate the sign-in and sign-up forms in the browser and
// the request bodies on the server (DECISIONS.md section 3). Unknown fields are dropped.
import { z } from "./zod";

export const EMAIL_MESSAGE = "Please enter a valid email address";
export const PASSWORD_TOO_SHORT_MESSAGE = "Password must be at least 8 characters long.";
export const PASSWORD_TOO_LONG_MESSAGE = "Password must be at most 200 characters long.";
export const PASSWORD_REQUIRED_MESSAGE = "Please enter your password";
/** What a sign-in refused by the per-IP limit says (the server's 429 and the form show it). */
export const SIGN_IN_THROTTLED_MESSAGE = "Too many sign-in attempts. Please wait a minute and try again.";

/** Minimum and maximum password lengths (SPEC.md section 9; the cap bounds hashing work). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** An e-mail address, trimmed and lower-cased (stored that way, so uniqueness ignores case). */
export const emailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(254, EMAIL_MESSAGE)
  .pipe(z.email({ error: EMAIL_MESSAGE }));

/** An optional name part: trimmed, at most 100 characters; empty or null becomes undefined. */
const namePart = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(100, `${label} must be at most 100 characters long.`)
    .nullish()
    .transform((value) => (value ? value : undefined));

/** POST /api/register and the "Create account" form. */
export const registerSchema = z.object(
  {
    email: emailSchema,
    password: z
      .string({ error: PASSWORD_TOO_SHORT_MESSAGE })
      .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
      .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
    firstName: namePart("First name"),
    lastName: namePart("Last name"),
  },
  { error: "Request body must be a JSON object" },
);

export type RegisterFormValues = z.input<typeof registerSchema>;
export type RegisterInput = z.output<typeof registerSchema>;

/** The credentials sign-in (next-auth's authorize) and the "Sign in" form. */
export const signInSchema = z.object(
  {
    email: emailSchema,
    password: z
      .string({ error: PASSWORD_REQUIRED_MESSAGE })
      .min(1, PASSWORD_REQUIRED_MESSAGE)
      .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
  },
  { error: "Request body must be a JSON object" },
);

export type SignInFormValues = z.input<typeof signInSchema>;
export type SignInInput = z.output<typeof signInSchema>;

/** A password as registration accepts it (also a reset's new password). */
const newPasswordSchema = z
  .string({ error: PASSWORD_TOO_SHORT_MESSAGE })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE);

/** What an e-mailed link's token looks like (43 base64url characters); anything else is refused as used or expired. */
const tokenSchema = z.string({ error: "The link is missing its token." }).trim().min(1, "The link is missing its token.").max(200, "The link is missing its token.");

/** POST /api/auth/verify-email. */
export const verifyEmailSchema = z.object({ token: tokenSchema }, { error: "Request body must be a JSON object" });
export type VerifyEmailInput = z.output<typeof verifyEmailSchema>;

/** POST /api/auth/forgot-password and the "Forgot password" form. */
export const forgotPasswordSchema = z.object({ email: emailSchema }, { error: "Request body must be a JSON object" });
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;

/** POST /api/auth/reset-password (the form checks the confirmation itself). */
export const resetPasswordSchema = z.object({ token: tokenSchema, newPassword: newPasswordSchema }, { error: "Request body must be a JSON object" });
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

/** What the forgot-password form and its 202 say, whether or not the address has an account. */
export const FORGOT_PASSWORD_SENT_MESSAGE = "If an account exists for that address, we sent a link to reset the password.";
/** A reset link that was used, expired or never existed. */
export const RESET_LINK_INVALID_MESSAGE = "This reset link has expired or was already used. Request a new one.";
/** A verification link that was used, expired or never existed. */
export const VERIFY_LINK_INVALID_MESSAGE = "This verification link has expired or was already used. Sign in and press Resend to get a new one.";
/** What an OAuth sign-in refused for an existing, unverified account says on /login (error=OAuthAccountNotVerified). */
export const OAUTH_ACCOUNT_EXISTS_MESSAGE =
  "An account with this e-mail already exists. Sign in with your password first and verify your e-mail address; then this sign-in option will work too. Forgot the password? Reset it.";
/** What a successful reset says. */
export const PASSWORD_RESET_MESSAGE = "Your password has been reset. Sign in with the new password.";
/** What a spent verification link says. */
export const EMAIL_VERIFIED_MESSAGE = "Your e-mail address is verified. Thank you!";

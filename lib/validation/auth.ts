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

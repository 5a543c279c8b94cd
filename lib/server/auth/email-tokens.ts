import "server-only";
import crypto from "node:crypto";
import { after } from "next/server";
import { displayName, emailHandle } from "@/lib/display";
import { db, Prisma } from "@/lib/server/db";
import { badRequest, conflict } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { hashPassword } from "@/lib/server/auth/password";
import { enqueueAccountEmail } from "@/lib/server/mail/outbox";
import { renderPasswordResetEmail, renderVerificationEmail } from "@/lib/server/mail/templates";
import { recipientLocale } from "@/lib/server/i18n/server-texts";
import { RESET_LINK_INVALID_MESSAGE, VERIFY_LINK_INVALID_MESSAGE } from "@/lib/validation/auth";

/*
 * Single-use links sent by e-mail: verifying an address (24 hours) and resetting a password
 * (1 hour). The link carries 32 random bytes; email_tokens keeps only their SHA-256, so a
 * leaked table (or backup) opens nothing. A token is spent by one conditional UPDATE (unused,
 * unexpired, of its purpose), so two clicks at once spend it once.
 */

/** What a token is for. */
export type EmailTokenPurpose = "verify_email" | "reset_password";

/** How long each kind of link works. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60_000,
  reset_password: 60 * 60_000,
};

/** The SHA-256 (hex) under which a token is stored. */
export function hashEmailToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

type Tx = Prisma.TransactionClient;

/** A timestamp for the timestamp(3) columns: Prisma stores UTC wall-clock time without a zone. */
const ts = (date: Date) => Prisma.sql`${date.toISOString()}::timestamp`;
/** A member an account e-mail goes to; `preferences` chooses its language (issue 15; English without). */
type Recipient = { id: string; email: string; firstName: string | null; lastName: string | null; preferences?: unknown };

const nameOf = (user: Recipient) => displayName({ firstName: user.firstName, lastName: user.lastName, handle: emailHandle(user.email) });

/** Creates a token for the member's current address and returns it (the only time it exists in clear). */
async function createToken(tx: Tx, user: Recipient, purpose: EmailTokenPurpose, now = new Date()): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await tx.emailToken.create({
    data: { userId: user.id, purpose, tokenHash: hashEmailToken(token), email: user.email, expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]) },
    select: { id: true },
  });
  return token;
}

/** Writes a verification link for the member's address to the outbox, in the caller's transaction (sign-up). */
export async function issueVerificationEmail(tx: Tx, user: Recipient): Promise<void> {
  const token = await createToken(tx, user, "verify_email");
  await enqueueAccountEmail(tx, renderVerificationEmail({ to: user.email, recipientName: nameOf(user), token, locale: recipientLocale(user.preferences) }));
}

/** The 409 of a resend for an address that is verified already. */
export const ALREADY_VERIFIED_MESSAGE = "Your e-mail address is already verified.";

/** Sends the signed-in member a new verification link (409 when their address is verified already). */
export async function resendVerificationEmail(userId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: { id: userId },
      select: { id: true, email: true, firstName: true, lastName: true, emailVerifiedAt: true, preferences: true },
    });
    if (!user) throw badRequest(VERIFY_LINK_INVALID_MESSAGE);
    if (user.emailVerifiedAt) throw conflict(ALREADY_VERIFIED_MESSAGE);
    await issueVerificationEmail(tx, user);
  });
}

/** Spends a token of this purpose in one statement; the member and address it was issued for, or null. */
async function spendToken(tx: Tx, token: string, purpose: EmailTokenPurpose, now: Date): Promise<{ userId: string; email: string } | null> {
  const [row] = await tx.$queryRaw<{ userId: string; email: string }[]>`
    UPDATE email_tokens SET used_at = ${ts(now)}
     WHERE token_hash = ${hashEmailToken(token)} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > ${ts(now)}
    RETURNING user_id AS "userId", email`;
  return row ?? null;
}

/**
 * Marks the address a verification link was sent to as verified (400 with a clear message for a
 * used, expired or unknown link, or when the account's address changed since). Does not sign anyone in.
 */
export async function verifyEmail(token: string): Promise<{ userId: string }> {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const spent = await spendToken(tx, token, "verify_email", now);
    if (!spent) throw badRequest(VERIFY_LINK_INVALID_MESSAGE);
    const updated = await tx.$executeRaw`
      UPDATE users SET email_verified_at = coalesce(email_verified_at, ${ts(now)})
       WHERE id = ${spent.userId} AND email = ${spent.email} AND deleted_at IS NULL`;
    if (updated === 0) throw badRequest(VERIFY_LINK_INVALID_MESSAGE);
    return { userId: spent.userId };
  });
}

/**
 * Writes a password reset link to the outbox when the address belongs to an active member, and
 * nothing otherwise. Callers never wait for it (scheduleAfterResponse), so the answer to
 * "forgot password" takes the same time whether or not the account exists.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const user = await tx.user.findFirst({
      where: { email, deletedAt: null, isAssistant: false },
      select: { id: true, email: true, firstName: true, lastName: true, preferences: true },
    });
    if (!user) return;
    const token = await createToken(tx, user, "reset_password");
    await enqueueAccountEmail(tx, renderPasswordResetEmail({ to: user.email, recipientName: nameOf(user), token, locale: recipientLocale(user.preferences) }));
  });
}

/**
 * Sets a new password with a reset link: the link is spent, every other unused reset link of the
 * member is cancelled, the address counts as verified (the member proved they read its mail), and
 * every session ends (sessionVersion bump and rows deleted, as a password change does). 400 with
 * RESET_LINK_INVALID_MESSAGE for a used, expired or unknown link.
 */
export async function resetPassword(token: string, newPassword: string): Promise<{ userId: string }> {
  // Hash first (slow by design), outside the transaction.
  const passwordHash = await hashPassword(newPassword);
  return db.$transaction(async (tx) => {
    const now = new Date();
    const spent = await spendToken(tx, token, "reset_password", now);
    if (!spent) throw badRequest(RESET_LINK_INVALID_MESSAGE);
    const updated = await tx.$executeRaw`
      UPDATE users SET password_hash = ${passwordHash}, email_verified_at = coalesce(email_verified_at, ${ts(now)}),
                       session_version = session_version + 1
       WHERE id = ${spent.userId} AND email = ${spent.email} AND deleted_at IS NULL AND NOT is_assistant`;
    if (updated === 0) throw badRequest(RESET_LINK_INVALID_MESSAGE);
    await tx.$executeRaw`
      UPDATE email_tokens SET used_at = ${ts(now)}
       WHERE user_id = ${spent.userId} AND purpose = 'reset_password' AND used_at IS NULL`;
    await tx.session.deleteMany({ where: { userId: spent.userId } });
    return { userId: spent.userId };
  });
}

// Work scheduled after a response, so tests (and shutdown) can wait for it.
const pending = new Set<Promise<void>>();

/**
 * Runs account work once the current response is sent (next/server's after), or at once in
 * the background outside a request (tests, scripts). Failures are logged, never surfaced.
 */
export function scheduleAfterResponse(what: string, work: () => Promise<void>): void {
  const run = () => {
    const promise = work()
      .catch((error) => log.error({ error: error instanceof Error ? error.message : String(error) }, `${what} failed`))
      .finally(() => pending.delete(promise));
    pending.add(promise);
    return promise;
  };
  try {
    after(run);
  } catch {
    void run();
  }
}

/** Resolves when every piece of work scheduleAfterResponse started has finished. */
export async function settleScheduledAccountWork(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}

import "server-only";
import type { Prisma } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { kickMailSender } from "@/lib/server/mail/sender";
import { chargeInTransactionIfAllowed } from "@/lib/server/rate-limit";
import type { EmailMessage } from "@/lib/server/mail/templates";

/** Longest subject email_outbox stores. */
const MAX_SUBJECT = 300;

async function writeToOutbox(tx: Prisma.TransactionClient, message: EmailMessage): Promise<boolean> {
  await tx.emailOutbox.create({
    data: {
      to: message.to,
      subject: message.subject.length > MAX_SUBJECT ? `${message.subject.slice(0, MAX_SUBJECT - 1)}…` : message.subject,
      text: message.text,
      html: message.html,
    },
    select: { id: true },
  });
  kickMailSender();
  return true;
}

/**
 * Writes a member's e-mail (notification, digest) to the outbox inside the caller's transaction,
 * so it exists exactly when what caused it was committed; the background sender delivers it
 * after the response. This is the one gate of member mail:
 * - an address that is not a member's verified address gets nothing (docs/SECURITY.md:
 *   unverified members receive no e-mail but their verification);
 * - with `memberId` (the recipient's account), the e-mail counts against that member's hourly
 *   cap (rate-limit.ts emailHourly, 20 an hour): past it, the e-mail is dropped, not deferred,
 *   while its cause commits (the notification itself is still in the member's list, and a burst
 *   of stale e-mails an hour later helps nobody).
 * Returns whether the message was written.
 */
export async function enqueueEmail(tx: Prisma.TransactionClient, message: EmailMessage, options: { memberId?: string } = {}): Promise<boolean> {
  const verified = await tx.user.count({ where: { email: message.to, emailVerifiedAt: { not: null } } });
  if (verified === 0) return false;
  if (options.memberId && !(await chargeInTransactionIfAllowed(tx, "emailHourly", options.memberId))) {
    log.info({ memberId: options.memberId }, "e-mail dropped: the member's hourly e-mail cap is reached");
    return false;
  }
  return writeToOutbox(tx, message);
}

/**
 * Writes an account e-mail (verification link, password reset link) to the outbox: these go to
 * unverified addresses too, since they are how an address is proved.
 */
export async function enqueueAccountEmail(tx: Prisma.TransactionClient, message: EmailMessage): Promise<void> {
  await writeToOutbox(tx, message);
}

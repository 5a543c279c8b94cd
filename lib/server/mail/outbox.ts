import "server-only";
import type { Prisma } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { kickMailSender } from "@/lib/server/mail/sender";
import { chargeInTransactionIfAllowed } from "@/lib/server/rate-limit";
import type { EmailMessage } from "@/lib/server/mail/templates";

/** Longest subject email_outbox stores. */
const MAX_SUBJECT = 300;

/**
 * Writes an e-mail to the outbox inside the caller's transaction, so it exists exactly when
 * what caused it was committed; the background sender delivers it after the response.
 *
 * With `memberId` (the recipient's account), the e-mail counts against that member's hourly cap
 * (rate-limit.ts emailHourly, 20 an hour): past it, the e-mail is dropped, not deferred, while
 * its cause commits (the notification itself is still in the member's list, and a burst of
 * stale e-mails an hour later helps nobody). Answers whether it was written. Mail a member
 * must get whatever the count (verification, password reset) is sent without `memberId`.
 */
export async function enqueueEmail(tx: Prisma.TransactionClient, message: EmailMessage, options: { memberId?: string } = {}): Promise<boolean> {
  if (options.memberId && !(await chargeInTransactionIfAllowed(tx, "emailHourly", options.memberId))) {
    log.info({ memberId: options.memberId }, "e-mail dropped: the member's hourly e-mail cap is reached");
    return false;
  }
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

import "server-only";
import type { Prisma } from "@/lib/server/db";
import { kickMailSender } from "@/lib/server/mail/sender";
import type { EmailMessage } from "@/lib/server/mail/templates";

/** Longest subject email_outbox stores. */
const MAX_SUBJECT = 300;

/**
 * Writes an e-mail to the outbox inside the caller's transaction, so it exists exactly when
 * what caused it was committed; the background sender delivers it after the response.
 */
export async function enqueueEmail(tx: Prisma.TransactionClient, message: EmailMessage): Promise<void> {
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
}

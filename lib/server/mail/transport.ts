import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";

/*
 * How a message leaves Agora: through SMTP when SMTP_URL is set, otherwise as an RFC 822
 * `.eml` file under `${AGORA_DATA_DIR ?? ".data"}/outbox`, which any mail client opens.
 */

/** The sender address when MAIL_FROM is unset. */
export const DEFAULT_MAIL_FROM = "Agora <no-reply@agora.local>";

/** SMTP time limits, so a hanging server fails the attempt instead of holding the sender. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** A message as the sender hands it over. */
export interface OutgoingMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The outbox row's creation time: with the id, it makes the message's Message-ID. */
  createdAt: Date;
}

/**
 * The Message-ID of an outbox message: the same on every attempt, and unique (row id and creation
 * time), so a message handed over again after its status could not be saved is recognized as
 * the same message by mail servers and clients rather than delivered as a new one.
 */
export function messageIdOf(mail: Pick<OutgoingMail, "id" | "createdAt">): string {
  const from = process.env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "agora.local";
  return `<outbox-${mail.id}-${mail.createdAt.getTime()}@${domain}>`;
}

/** The folder the `.eml` files go to when SMTP_URL is unset. */
export function outboxDir(): string {
  return path.resolve(process.env.AGORA_DATA_DIR?.trim() || ".data", "outbox");
}

let smtp: { url: string; transporter: Transporter } | undefined;

function smtpTransporter(url: string): Transporter {
  if (smtp?.url !== url) {
    smtp?.transporter.close();
    smtp = { url, transporter: nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }) };
  }
  return smtp.transporter;
}

// Builds the MIME message without sending it.
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });

/**
 * Sends one message (SMTP, or an `.eml` file named after the message, never written twice);
 * throws when it could not be handed over. `again` is true when its file already existed.
 */
export async function sendMail(mail: OutgoingMail): Promise<{ via: "smtp" | "file"; file?: string; again?: boolean }> {
  const envelope = {
    messageId: messageIdOf(mail),
    from: process.env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  };
  const url = process.env.SMTP_URL?.trim();
  if (url) {
    await smtpTransporter(url).sendMail(envelope);
    return { via: "smtp" };
  }
  const info = await composer.sendMail(envelope);
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `message-${mail.createdAt.getTime()}-${mail.id}.eml`);
  try {
    await fs.writeFile(file, info.message as Buffer, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return { via: "file", file, again: true };
    throw error;
  }
  return { via: "file", file };
}

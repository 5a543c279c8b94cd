import "server-only";
import { escapeHtml } from "@/lib/markdown/highlight";
import { configuredSiteUrl } from "@/lib/seo/site-url";

/*
 * The e-mails Agora sends, as subject, plain text and HTML. Every value that comes from a
 * member or the database is HTML-escaped in the HTML part; links are absolute when APP_URL is
 * set, and otherwise paths on the site, which the text says.
 */

/** An e-mail ready for the outbox. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A link as an e-mail shows it: absolute with APP_URL, else the path itself (`absolute: false`). */
export function emailLink(path: string, baseUrl: string | null = configuredSiteUrl()): { href: string; absolute: boolean } {
  return baseUrl ? { href: `${baseUrl}${path.startsWith("/") ? path : `/${path}`}`, absolute: true } : { href: path, absolute: false };
}

const RELATIVE_NOTE = "(a path on the Agora site)";

function linkText(link: { href: string; absolute: boolean }): string {
  return link.absolute ? link.href : `${link.href} ${RELATIVE_NOTE}`;
}

function linkHtml(link: { href: string; absolute: boolean }, label: string): string {
  if (link.absolute) {
    return `<a href="${escapeHtml(link.href)}" style="color:#4f46e5;font-weight:600;text-decoration:none">${escapeHtml(label)}</a>`;
  }
  return `${escapeHtml(label)}: <code>${escapeHtml(link.href)}</code> <span style="color:#6b7280">${escapeHtml(RELATIVE_NOTE)}</span>`;
}

function layoutHtml(title: string, body: string, footer: string): string {
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f6f6fb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px;border:1px solid #e5e7eb">',
    '<p style="margin:0 0 16px;font-size:14px;font-weight:700;color:#4f46e5">Agora</p>',
    body,
    "</div>",
    `<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#6b7280">${footer}</p>`,
    "</body></html>",
  ].join("\n");
}

/** The e-mail that accompanies a notification (when the member's e-mail notifications are on). */
export function renderNotificationEmail(input: {
  to: string;
  recipientName: string;
  title: string;
  message: string;
  link: string;
  baseUrl?: string | null;
}): EmailMessage {
  const base = input.baseUrl === undefined ? configuredSiteUrl() : input.baseUrl;
  const target = emailLink(input.link, base);
  const settings = emailLink("/settings", base);
  const text = [
    `Hi ${input.recipientName},`,
    "",
    input.title,
    ...(input.message ? ["", input.message] : []),
    "",
    `Open it: ${linkText(target)}`,
    "",
    "--",
    `You get this e-mail because e-mail notifications are on in your Agora settings: ${linkText(settings)}`,
  ].join("\n");
  const html = layoutHtml(
    input.title,
    [
      `<p style="margin:0 0 12px;font-size:15px">Hi ${escapeHtml(input.recipientName)},</p>`,
      `<h1 style="margin:0 0 8px;font-size:18px;line-height:1.35">${escapeHtml(input.title)}</h1>`,
      input.message ? `<p style="margin:0 0 20px;font-size:15px;line-height:1.5;color:#374151">${escapeHtml(input.message)}</p>` : "",
      `<p style="margin:0;font-size:15px">${linkHtml(target, "Open it on Agora")}</p>`,
    ].join("\n"),
    `You get this e-mail because e-mail notifications are on in your Agora settings. ${linkHtml(settings, "Change your settings")}`,
  );
  return { to: input.to, subject: input.title, text, html };
}

/** One line of the weekly digest: a question and what happened to it. */
export interface DigestItem {
  title: string;
  link: string;
  detail: string;
}

/** The weekly summary of activity on the member's questions and in the tags they follow. */
export function renderDigestEmail(input: {
  to: string;
  recipientName: string;
  onYourQuestions: DigestItem[];
  inFollowedTags: DigestItem[];
  moreInFollowedTags: number;
  baseUrl?: string | null;
}): EmailMessage {
  const base = input.baseUrl === undefined ? configuredSiteUrl() : input.baseUrl;
  const subject = "Your weekly Agora digest";
  const settings = emailLink("/settings", base);
  const sections: { heading: string; items: DigestItem[]; more: number }[] = [];
  if (input.onYourQuestions.length) sections.push({ heading: "Activity on your questions", items: input.onYourQuestions, more: 0 });
  if (input.inFollowedTags.length) {
    sections.push({ heading: "New in the tags you follow", items: input.inFollowedTags, more: input.moreInFollowedTags });
  }

  const text = [
    `Hi ${input.recipientName},`,
    "",
    "Here is what happened on Agora this week.",
    ...sections.flatMap((s) => [
      "",
      s.heading,
      ...s.items.flatMap((item) => [`- ${item.title} (${item.detail})`, `  ${linkText(emailLink(item.link, base))}`]),
      ...(s.more > 0 ? [`…and ${s.more} more.`] : []),
    ]),
    "",
    "--",
    `You get this e-mail because the weekly digest is on in your Agora settings: ${linkText(settings)}`,
  ].join("\n");

  const html = layoutHtml(
    subject,
    [
      `<p style="margin:0 0 12px;font-size:15px">Hi ${escapeHtml(input.recipientName)},</p>`,
      '<p style="margin:0 0 8px;font-size:15px">Here is what happened on Agora this week.</p>',
      ...sections.map((s) =>
        [
          `<h2 style="margin:20px 0 8px;font-size:16px">${escapeHtml(s.heading)}</h2>`,
          '<ul style="margin:0;padding-left:20px;font-size:15px;line-height:1.5">',
          ...s.items.map(
            (item) =>
              `<li style="margin-bottom:6px">${linkHtml(emailLink(item.link, base), item.title)} <span style="color:#6b7280">(${escapeHtml(item.detail)})</span></li>`,
          ),
          "</ul>",
          s.more > 0 ? `<p style="margin:6px 0 0;font-size:14px;color:#6b7280">…and ${s.more} more.</p>` : "",
        ].join("\n"),
      ),
    ].join("\n"),
    `You get this e-mail because the weekly digest is on in your Agora settings. ${linkHtml(settings, "Change your settings")}`,
  );
  return { to: input.to, subject, text, html };
}

function buttonHtml(link: { href: string; absolute: boolean }, label: string): string {
  if (!link.absolute) return `<p style="margin:0 0 20px;font-size:15px">${linkHtml(link, label)}</p>`;
  return [
    '<p style="margin:0 0 20px">',
    `<a href="${escapeHtml(link.href)}" style="display:inline-block;background:#4f46e5;color:#ffffff;font-weight:600;font-size:15px;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a>`,
    "</p>",
  ].join("");
}

/** An account e-mail (verification, password reset): a greeting, what happened, one button and what to do if it was not you. */
function renderAccountEmail(input: {
  to: string;
  recipientName: string;
  subject: string;
  intro: string;
  action: string;
  path: string;
  validity: string;
  notYou: string;
  baseUrl?: string | null;
}): EmailMessage {
  const base = input.baseUrl === undefined ? configuredSiteUrl() : input.baseUrl;
  const target = emailLink(input.path, base);
  const text = [
    `Hi ${input.recipientName},`,
    "",
    input.intro,
    "",
    `${input.action}: ${linkText(target)}`,
    "",
    input.validity,
    "",
    input.notYou,
    "",
    "--",
    "Agora sends this e-mail to the address given for an account; it is not a notification you can switch off.",
  ].join("\n");
  const html = layoutHtml(
    input.subject,
    [
      `<p style="margin:0 0 12px;font-size:15px">Hi ${escapeHtml(input.recipientName)},</p>`,
      `<p style="margin:0 0 20px;font-size:15px;line-height:1.5;color:#374151">${escapeHtml(input.intro)}</p>`,
      buttonHtml(target, input.action),
      `<p style="margin:0 0 12px;font-size:14px;line-height:1.5;color:#374151">${escapeHtml(input.validity)}</p>`,
      `<p style="margin:0;font-size:14px;line-height:1.5;color:#6b7280">${escapeHtml(input.notYou)}</p>`,
    ].join("\n"),
    "Agora sends this e-mail to the address given for an account; it is not a notification you can switch off.",
  );
  return { to: input.to, subject: input.subject, text, html };
}

/** The "verify your e-mail address" message of a new account, with its single-use link (valid 24 hours). */
export function renderVerificationEmail(input: { to: string; recipientName: string; token: string; baseUrl?: string | null }): EmailMessage {
  return renderAccountEmail({
    ...input,
    subject: "Verify your e-mail address for Agora",
    intro: "Thanks for joining Agora. Please confirm that this e-mail address is yours, so that we can send you notifications.",
    action: "Verify my e-mail address",
    path: `/verify-email?token=${encodeURIComponent(input.token)}`,
    validity: "The link works once and for 24 hours.",
    notYou:
      "If you did not create an Agora account, do not open the link: someone typed your address. You can ignore this e-mail, or take the account over with \"Forgot password?\" on the sign-in page.",
  });
}

/** The password reset message, with its single-use link (valid 1 hour). */
export function renderPasswordResetEmail(input: { to: string; recipientName: string; token: string; baseUrl?: string | null }): EmailMessage {
  return renderAccountEmail({
    ...input,
    subject: "Reset your Agora password",
    intro: "Someone asked to reset the password of the Agora account with this e-mail address. Choose a new password with the link below.",
    action: "Choose a new password",
    path: `/reset-password?token=${encodeURIComponent(input.token)}`,
    validity: "The link works once and for 1 hour. Setting a new password signs you out everywhere.",
    notYou: "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  });
}

import "server-only";
import { escapeHtml } from "@/lib/markdown/highlight";
import { configuredSiteUrl } from "@/lib/seo/site-url";
import { defaultLocale, type Locale } from "@/lib/i18n/locales";
import { serverTranslator } from "@/lib/server/i18n/server-texts";

/*
 * The e-mails Agora sends, as subject, plain text and HTML. Every value that comes from a
 * member or the database is HTML-escaped in the HTML part; links are absolute when APP_URL is
 * set, and otherwise paths on the site, which the text says. Each is written in the recipient's
 * language (`locale`, English by default; namespace `emails`, issue 15).
 */

type EmailTranslator = ReturnType<typeof serverTranslator<"emails">>;

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

function linkText(t: EmailTranslator, link: { href: string; absolute: boolean }): string {
  return link.absolute ? link.href : `${link.href} ${t("relativeNote")}`;
}

function linkHtml(t: EmailTranslator, link: { href: string; absolute: boolean }, label: string): string {
  if (link.absolute) {
    return `<a href="${escapeHtml(link.href)}" style="color:#4f46e5;font-weight:600;text-decoration:none">${escapeHtml(label)}</a>`;
  }
  return `${escapeHtml(label)}: <code>${escapeHtml(link.href)}</code> <span style="color:#6b7280">${escapeHtml(t("relativeNote"))}</span>`;
}

function layoutHtml(locale: Locale, title: string, body: string, footer: string): string {
  return [
    "<!doctype html>",
    `<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
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
  locale?: Locale;
}): EmailMessage {
  const locale = input.locale ?? defaultLocale;
  const t = serverTranslator(locale, "emails");
  const base = input.baseUrl === undefined ? configuredSiteUrl() : input.baseUrl;
  const target = emailLink(input.link, base);
  const settings = emailLink("/settings", base);
  const text = [
    t("greeting", { name: input.recipientName }),
    "",
    input.title,
    ...(input.message ? ["", input.message] : []),
    "",
    t("notification.openIt", { link: linkText(t, target) }),
    "",
    "--",
    t("notification.footerText", { link: linkText(t, settings) }),
  ].join("\n");
  const html = layoutHtml(
    locale,
    input.title,
    [
      `<p style="margin:0 0 12px;font-size:15px">${escapeHtml(t("greeting", { name: input.recipientName }))}</p>`,
      `<h1 style="margin:0 0 8px;font-size:18px;line-height:1.35">${escapeHtml(input.title)}</h1>`,
      input.message ? `<p style="margin:0 0 20px;font-size:15px;line-height:1.5;color:#374151">${escapeHtml(input.message)}</p>` : "",
      `<p style="margin:0;font-size:15px">${linkHtml(t, target, t("notification.openOnAgora"))}</p>`,
    ].join("\n"),
    `${escapeHtml(t("notification.footerHtml"))} ${linkHtml(t, settings, t("changeSettings"))}`,
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
  locale?: Locale;
}): EmailMessage {
  const locale = input.locale ?? defaultLocale;
  const t = serverTranslator(locale, "emails");
  const base = input.baseUrl === undefined ? configuredSiteUrl() : input.baseUrl;
  const subject = t("digest.subject");
  const settings = emailLink("/settings", base);
  const sections: { heading: string; items: DigestItem[]; more: number }[] = [];
  if (input.onYourQuestions.length) sections.push({ heading: t("digest.onYourQuestions"), items: input.onYourQuestions, more: 0 });
  if (input.inFollowedTags.length) {
    sections.push({ heading: t("digest.inFollowedTags"), items: input.inFollowedTags, more: input.moreInFollowedTags });
  }

  const text = [
    t("greeting", { name: input.recipientName }),
    "",
    t("digest.intro"),
    ...sections.flatMap((s) => [
      "",
      s.heading,
      ...s.items.flatMap((item) => [`- ${item.title} (${item.detail})`, `  ${linkText(t, emailLink(item.link, base))}`]),
      ...(s.more > 0 ? [t("digest.more", { count: s.more })] : []),
    ]),
    "",
    "--",
    t("digest.footerText", { link: linkText(t, settings) }),
  ].join("\n");

  const html = layoutHtml(
    locale,
    subject,
    [
      `<p style="margin:0 0 12px;font-size:15px">${escapeHtml(t("greeting", { name: input.recipientName }))}</p>`,
      `<p style="margin:0 0 8px;font-size:15px">${escapeHtml(t("digest.intro"))}</p>`,
      ...sections.map((s) =>
        [
          `<h2 style="margin:20px 0 8px;font-size:16px">${escapeHtml(s.heading)}</h2>`,
          '<ul style="margin:0;padding-left:20px;font-size:15px;line-height:1.5">',
          ...s.items.map(
            (item) =>
              `<li style="margin-bottom:6px">${linkHtml(t, emailLink(item.link, base), item.title)} <span style="color:#6b7280">(${escapeHtml(item.detail)})</span></li>`,
          ),
          "</ul>",
          s.more > 0 ? `<p style="margin:6px 0 0;font-size:14px;color:#6b7280">${escapeHtml(t("digest.more", { count: s.more }))}</p>` : "",
        ].join("\n"),
      ),
    ].join("\n"),
    `${escapeHtml(t("digest.footerHtml"))} ${linkHtml(t, settings, t("changeSettings"))}`,
  );
  return { to: input.to, subject, text, html };
}

function buttonHtml(t: EmailTranslator, link: { href: string; absolute: boolean }, label: string): string {
  if (!link.absolute) return `<p style="margin:0 0 20px;font-size:15px">${linkHtml(t, link, label)}</p>`;
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
  kind: "verification" | "passwordReset";
  path: string;
  baseUrl?: string | null;
  locale?: Locale;
}): EmailMessage {
  const locale = input.locale ?? defaultLocale;
  const t = serverTranslator(locale, "emails");
  const subject = t(`${input.kind}.subject`);
  const intro = t(`${input.kind}.intro`);
  const action = t(`${input.kind}.action`);
  const validity = t(`${input.kind}.validity`);
  const notYou = t(`${input.kind}.notYou`);
  const base = input.baseUrl === undefined ? configuredSiteUrl() : input.baseUrl;
  const target = emailLink(input.path, base);
  const text = [
    t("greeting", { name: input.recipientName }),
    "",
    intro,
    "",
    t("account.actionLine", { action, link: linkText(t, target) }),
    "",
    validity,
    "",
    notYou,
    "",
    "--",
    t("account.footer"),
  ].join("\n");
  const html = layoutHtml(
    locale,
    subject,
    [
      `<p style="margin:0 0 12px;font-size:15px">${escapeHtml(t("greeting", { name: input.recipientName }))}</p>`,
      `<p style="margin:0 0 20px;font-size:15px;line-height:1.5;color:#374151">${escapeHtml(intro)}</p>`,
      buttonHtml(t, target, action),
      `<p style="margin:0 0 12px;font-size:14px;line-height:1.5;color:#374151">${escapeHtml(validity)}</p>`,
      `<p style="margin:0;font-size:14px;line-height:1.5;color:#6b7280">${escapeHtml(notYou)}</p>`,
    ].join("\n"),
    escapeHtml(t("account.footer")),
  );
  return { to: input.to, subject, text, html };
}

/** The "verify your e-mail address" message of a new account, with its single-use link (valid 24 hours). */
export function renderVerificationEmail(input: { to: string; recipientName: string; token: string; baseUrl?: string | null; locale?: Locale }): EmailMessage {
  return renderAccountEmail({ ...input, kind: "verification", path: `/verify-email?token=${encodeURIComponent(input.token)}` });
}

/** The password reset message, with its single-use link (valid 1 hour). */
export function renderPasswordResetEmail(input: { to: string; recipientName: string; token: string; baseUrl?: string | null; locale?: Locale }): EmailMessage {
  return renderAccountEmail({ ...input, kind: "passwordReset", path: `/reset-password?token=${encodeURIComponent(input.token)}` });
}

// next-intl's request configuration (App Router without locale prefixes: URLs stay as they are).
// The language is the member's saved preference, else the language menu's cookie, else the
// browser's Accept-Language, else English (lib/i18n/locales.ts).
import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";

import { messagesByLocale } from "@/messages";
import { chosenLocale, LOCALE_COOKIE, resolveLocale } from "@/lib/i18n/locales";
import { TIME_ZONE } from "@/lib/i18n/format";

export default getRequestConfig(async ({ locale: explicit }) => {
  // The session module (and the database behind it) loads on first use, so a build collecting page
  // data without a database still works; the page render reads the session once anyway (React cache).
  const session = await import("@/lib/server/auth/session").then((m) => m.getPageSession());
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale({
    // Only a language the member chose counts (an unset preference is not "en").
    preference: explicit ?? chosenLocale(session?.viewer.preferences),
    cookie: cookieStore.get(LOCALE_COOKIE)?.value,
    acceptLanguage: headerList.get("accept-language"),
  });
  return { locale, messages: messagesByLocale[locale], timeZone: TIME_ZONE };
});

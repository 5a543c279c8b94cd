// The interface's real messages for component tests: every render gets next-intl's provider in
// English unless the test wraps its own (tests/setup/jest.setup.ts wraps @testing-library/react).
import type { ComponentType, ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";

import { clientMessages, messagesByLocale } from "@/messages";
import type { Locale } from "@/lib/i18n/locales";
import { TIME_ZONE } from "@/lib/i18n/format";

/** The Providers component's `intl` prop for a language. */
export const testIntl = (locale: Locale = "en") => ({ locale, messages: clientMessages(locale), timeZone: TIME_ZONE });

/** A provider of one language's messages (all of them, server-only namespaces included). */
export function IntlProvider({ locale = "en", children }: { locale?: Locale; children: ReactNode }) {
  return (
    <NextIntlClientProvider locale={locale} messages={messagesByLocale[locale]} timeZone={TIME_ZONE}>
      {children}
    </NextIntlClientProvider>
  );
}

/** Wraps a test's own wrapper (if any) in the English provider. */
export function withIntl(Inner?: ComponentType<{ children: ReactNode }>) {
  return function IntlTestWrapper({ children }: { children: ReactNode }) {
    return <IntlProvider>{Inner ? <Inner>{children}</Inner> : children}</IntlProvider>;
  };
}

"use client";

import { useMemo, type ReactNode } from "react";
import { NextIntlClientProvider, useLocale, useMessages, useTimeZone, type AbstractIntlMessages } from "next-intl";

import { mergeMessages } from "@/messages/merge";

/**
 * A page's messages added to the root provider's (a nested NextIntlClientProvider replaces its
 * parent's messages, so they are merged here, key by key, and only the page's own travel: a page may
 * add keys of a namespace the shell sends part of).
 */
export function ScopedIntlProvider({ messages, children }: { messages: AbstractIntlMessages; children: ReactNode }) {
  const parent = useMessages();
  const locale = useLocale();
  const timeZone = useTimeZone();
  const merged = useMemo(() => mergeMessages(parent, messages), [parent, messages]);
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}

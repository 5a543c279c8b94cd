"use client";

import { useEffect, useLayoutEffect, useState, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import type { Locale } from "@/lib/i18n/locales";

import { makeQueryClient, sessionTextsOf, setSessionTexts } from "@/lib/api-client/query-client";
import { loadErrorCatalogue } from "@/lib/i18n/error-text";
import { markHydrated, replayEarlyPresses } from "@/lib/early/replay-presses";
import { Toaster } from "@/components/ui/sonner";
import { SiteFeaturesProvider, type SiteFeatures } from "@/components/common/site-features";

/**
 * App-wide client context: language (next-intl), theme, React Query and toasts (SPEC.md sections 7 and 9).
 * `nonce` is the request's CSP nonce, for the inline script next-themes writes; `features` what
 * the server's configuration offers (useSiteFeatures).
 */
export function Providers({
  children,
  nonce,
  features = { aiAnswers: true },
  intl,
}: {
  children: ReactNode;
  nonce?: string;
  features?: SiteFeatures;
  /** The request's language and the messages client components use (app/layout.tsx). */
  intl: { locale: Locale; messages: AbstractIntlMessages; timeZone: string };
}) {
  // One client per browser session; a server render gets its own each request.
  const [queryClient] = useState(makeQueryClient);
  // The shared failure toasts (unauthorized, suspended) speak the page's language.
  useEffect(() => setSessionTexts(queryClient, sessionTextsOf(intl.messages)), [queryClient, intl.messages]);
  // The error messages in this language arrive apart from the page (a cached script), ready before a form is sent.
  useEffect(() => void loadErrorCatalogue(intl.locale), [intl.locale]);
  // The root's first commit: the page has hydrated, so the presses made before it are repeated (lib/early).
  useLayoutEffect(markHydrated, []);
  useEffect(replayEarlyPresses, []);

  return (
    <NextIntlClientProvider locale={intl.locale} messages={intl.messages} timeZone={intl.timeZone}>
    <ThemeProvider nonce={nonce} attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <QueryClientProvider client={queryClient}>
        <SiteFeaturesProvider value={features}>{children}</SiteFeaturesProvider>
        <Toaster
          position="bottom-right"
          visibleToasts={1}
          duration={5000}
          hotkey={["F8"]}
          richColors
          closeButton
          swipeDirections={["right"]}
        />
      </QueryClientProvider>
    </ThemeProvider>
    </NextIntlClientProvider>
  );
}

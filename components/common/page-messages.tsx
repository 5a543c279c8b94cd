import type { ReactNode } from "react";
import { getLocale } from "next-intl/server";

import { ScopedIntlProvider } from "@/components/common/scoped-intl-provider";
import type { Locale } from "@/lib/i18n/locales";
import { PAGE_NAMESPACES, pageMessages, type PageScope } from "@/messages";

/**
 * Sends a page's own messages to its client components (issue 18): the root layout sends only
 * the shell's, so a page carries the texts its client components use and no other page's. `scope` is the
 * page file's path; `npm run i18n:scopes` lists what each one uses (messages/scopes.generated.ts).
 */
export async function PageMessages({ scope, children }: { scope: PageScope; children: ReactNode }) {
  if (PAGE_NAMESPACES[scope].length === 0) return children;
  const locale = (await getLocale()) as Locale;
  return <ScopedIntlProvider messages={pageMessages(locale, scope)}>{children}</ScopedIntlProvider>;
}

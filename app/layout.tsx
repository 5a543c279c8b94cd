import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { GeistMono } from "geist/font/mono";
import { GeistSans } from "geist/font/sans";

import { Providers } from "@/components/providers";
import { isAiConfigured } from "@/lib/server/ai/config";
import { DEFAULT_OG_IMAGE } from "@/lib/seo/open-graph";
import { getSiteUrl } from "@/lib/seo/site-url";
import { EARLY_SCRIPT } from "@/lib/early/script";
import { NONCE_HEADER } from "@/lib/security/csp";
import { shellMessages } from "@/messages";
import { TIME_ZONE } from "@/lib/i18n/format";
import "./globals.css";

/**
 * The site's metadata. Relative image URLs (the default Open Graph image) become absolute on the
 * site's own address: APP_URL, else the request's host and protocol (lib/seo/site-url.ts), never
 * a guessed localhost.
 */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("shell.metadata");
  const title = t("title");
  const description = t("description");
  return {
    title: { template: "%s · Agora", default: title },
    description,
    keywords: ["Q&A", "questions and answers", "AI answers", "community", "knowledge sharing", "Agora"],
    applicationName: "Agora",
    metadataBase: new URL(await getSiteUrl()),
    openGraph: { siteName: "Agora", type: "website", title, description, images: [DEFAULT_OG_IMAGE] },
    twitter: { card: "summary_large_image", title, description, images: [DEFAULT_OG_IMAGE.url] },
    // public/: favicon.ico (browsers ask for it by themselves), the home-screen icons and the web manifest.
    icons: { icon: [{ url: "/icon.svg", type: "image/svg+xml" }, { url: "/favicon.ico", sizes: "48x48" }], apple: "/apple-touch-icon.png" },
    manifest: "/site.webmanifest",
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fcfcfe" },
    { media: "(prefers-color-scheme: dark)", color: "#121116" },
  ],
  colorScheme: "light dark",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The request's CSP nonce (proxy.ts): the theme script next-themes writes inline must carry it.
  // Reading it renders every page per request, which a nonce needs anyway. A visitor's page the
  // page cache keeps loses it again, for hashes (lib/server/page-cache/hashed-page.ts).
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  // The request's language (i18n/request.ts): the member's choice, the language menu's cookie, or the browser's.
  const locale = await getLocale();
  return (
    <html lang={locale} suppressHydrationWarning className={`${GeistSans.variable} ${GeistMono.variable}`}>
      <body>
        {/* First in the body, ahead of every chunk: keeps the clicks made before hydration (lib/early/script.ts). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_SCRIPT }} />
        <Providers nonce={nonce} features={{ aiAnswers: isAiConfigured() }} intl={{ locale, messages: shellMessages(locale), timeZone: TIME_ZONE }}>
          {children}
        </Providers>
      </body>
    </html>
  );
}

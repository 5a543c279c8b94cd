import type { Metadata } from "next";
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";

import { Brand, BRAND_LINK_CLASS } from "@/components/layout/brand";
import { SkipLink } from "@/components/layout/skip-link";
import { ThemeToggle } from "@/components/layout/not-found-islands";
import { Button } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.notFound");
  return { title: t("metaTitle"), robots: { index: false } };
}

/**
 * The screen for any path that is not a route (SPEC.md section 2), and for notFound() anywhere.
 * Next loads the client code of the root not-found screen with every page, beside the page's
 * own, so it uses none directly: plain links, its two icons drawn here (lucide-react's icons are
 * client components), and the theme button through a loader whose code comes only when the
 * screen is shown (issue 18: every page carried 7 KB more, modules it already had).
 */
export default function NotFound() {
  const t = useTranslations("pages.notFound");
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load: this screen loads no client code (see above) */}
          <a href="/" className={BRAND_LINK_CLASS}>
            <Brand />
          </a>
          <ThemeToggle />
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="relative flex flex-1 items-center justify-center overflow-hidden px-4 py-20 outline-none">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(40rem_24rem_at_50%_20%,color-mix(in_oklch,var(--primary)_14%,transparent),transparent)]"
        />
        <div className="w-full max-w-md rounded-2xl border bg-card p-8 text-center shadow-sm sm:p-10">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/20">
            <Icon className="size-7">
              <circle cx="12" cy="12" r="10" />
              <path d="m16.24 7.76-1.804 5.411a2 2 0 0 1-1.265 1.265L7.76 16.24l1.804-5.411a2 2 0 0 1 1.265-1.265z" />
            </Icon>
          </span>
          <p className="mt-6 text-6xl font-bold tracking-tight text-primary tabular-nums" aria-hidden>
            404
          </p>
          <h1 className="mt-3 text-2xl font-bold tracking-tight">{t("title")}</h1>
          <p className="mt-3 text-muted-foreground">{t("body")}</p>
          <Button asChild className="mt-8">
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load: this screen loads no client code (see above) */}
            <a href="/">
              <Icon>
                <path d="m12 19-7-7 7-7" />
                <path d="M19 12H5" />
              </Icon>{" "}
              {t("backHome")}
            </a>
          </Button>
        </div>
      </main>
    </div>
  );
}

/** A decorative icon in lucide's style (these are lucide's compass and arrow-left, ISC licence). */
function Icon({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {children}
    </svg>
  );
}

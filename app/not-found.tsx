import type { Metadata } from "next";
import Link from "@/components/common/link";
import { ArrowLeft, Compass } from "lucide-react";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";

import { BrandLink } from "@/components/layout/logo";
import { SkipLink } from "@/components/layout/skip-link";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { Button } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.notFound");
  return { title: t("metaTitle"), robots: { index: false } };
}

/** The screen for any path that is not a route (SPEC.md section 2), and for notFound() anywhere. */
export default function NotFound() {
  const t = useTranslations("pages.notFound");
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <BrandLink />
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
            <Compass className="size-7" aria-hidden />
          </span>
          <p className="mt-6 text-6xl font-bold tracking-tight text-primary tabular-nums" aria-hidden>
            404
          </p>
          <h1 className="mt-3 text-2xl font-bold tracking-tight">{t("title")}</h1>
          <p className="mt-3 text-muted-foreground">{t("body")}</p>
          <Button asChild className="mt-8">
            <Link href="/">
              <ArrowLeft aria-hidden /> {t("backHome")}
            </Link>
          </Button>
        </div>
      </main>
    </div>
  );
}

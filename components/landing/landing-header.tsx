import Link from "@/components/common/link";
import { useTranslations } from "next-intl";

import { BrandLink } from "@/components/layout/logo";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { Button } from "@/components/ui/button";

/** The landing page's header: logo and name, About, the theme, and Sign In (a full navigation). */
export function LandingHeader() {
  const t = useTranslations("shell");
  return (
    <header className="sticky top-0 z-40 border-b border-transparent bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/60">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLink />
        <nav aria-label={t("landmarks.primary")} className="flex items-center gap-1 sm:gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link href="/about">{t("nav.about")}</Link>
          </Button>
          <ThemeToggle />
          <Button asChild size="sm">
            <a href="/api/login">{t("nav.signIn")}</a>
          </Button>
        </nav>
      </div>
    </header>
  );
}

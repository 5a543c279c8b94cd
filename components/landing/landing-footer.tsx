import Link from "@/components/common/link";
import { useTranslations } from "next-intl";

import { LogoMark, PRODUCT_NAME } from "@/components/layout/logo";
import { LanguageSelect } from "@/components/layout/language-menu";

const linkClass =
  "rounded-sm text-sm text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** The site footer of the landing page: product name, links and copyright. */
export function LandingFooter() {
  const t = useTranslations();
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-2">
          <LogoMark className="size-7" />
          <div>
            <p className="font-semibold">{PRODUCT_NAME}</p>
            <p className="text-xs text-muted-foreground">{t("landing.footer.tagline")}</p>
          </div>
        </div>
        <nav aria-label={t("landing.footer.label")}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link href="/about" className={linkClass}>
                {t("shell.nav.about")}
              </Link>
            </li>
            <li>
              <Link href="/tags" className={linkClass}>
                {t("shell.nav.tags")}
              </Link>
            </li>
            <li>
              <a href="/api/login" className={linkClass}>
                {t("shell.nav.signIn")}
              </a>
            </li>
          </ul>
        </nav>
        <LanguageSelect />
        <p className="text-sm text-muted-foreground">{t("landing.footer.copyright", { year: String(new Date().getFullYear()) })}</p>
      </div>
    </footer>
  );
}

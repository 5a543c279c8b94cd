"use client";

import { lazy, Suspense, useState, useTransition, type ComponentProps } from "react";
import { useRouter } from "next/navigation";
import { Languages } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { apiJson } from "@/lib/api-client/fetcher";
import { toastError } from "@/lib/api-client/toast";
import { useEarlyAction } from "@/lib/early/use-early-action";
import { isLocale, localeNames, locales, type Locale } from "@/lib/i18n/locales";
import { cn } from "@/lib/utils";

/**
 * Switches the interface's language (issue 15): POST /api/locale remembers it in a cookie (and, for
 * a member, as their preference), then the page renders again in it. URLs do not change.
 */
export function useChangeLocale(): { change: (locale: Locale) => void; pending: boolean } {
  const router = useRouter();
  const t = useTranslations("language");
  const [pending, startTransition] = useTransition();
  const change = (locale: Locale) =>
    startTransition(async () => {
      try {
        await apiJson("POST", "/api/locale", { locale });
        router.refresh();
      } catch {
        toastError(t("saveFailed"));
      }
    });
  return { change, pending };
}

/** The language button of the top bar; the loaded menu uses it as its trigger. */
export function LanguageMenuButton(props: ComponentProps<typeof Button>) {
  const t = useTranslations("language");
  const locale = useLocale() as Locale;
  return (
    <Button variant="ghost" size="icon" aria-label={t("changeLanguage", { language: localeNames[locale] })} aria-haspopup="menu" {...props}>
      <Languages className="size-5" />
    </Button>
  );
}

// The menu's code (Radix) loads the first time the button is pressed, like the theme menu's.
const LanguageDropdown = lazy(() => import("@/components/layout/language-dropdown").then((m) => ({ default: m.LanguageDropdown })));

/** The top bar's language menu: English, Español, Français, Deutsch, each in its own language. */
export function LanguageMenu() {
  const [wanted, setWanted] = useState(false);
  // A press before the page has hydrated opens the menu once it has (lib/early/script.ts).
  const early = useEarlyAction("language-menu", () => setWanted(true));
  const closed = <LanguageMenuButton aria-expanded={false} {...early} onClick={() => setWanted(true)} />;
  return wanted ? (
    <Suspense fallback={closed}>
      <LanguageDropdown />
    </Suspense>
  ) : (
    closed
  );
}

/** A labelled language select, for the footer and the phone menu. */
export function LanguageSelect({ className }: { className?: string }) {
  const t = useTranslations("language");
  const locale = useLocale();
  const { change, pending } = useChangeLocale();
  return (
    <label className={cn("flex items-center gap-2 text-sm text-muted-foreground", className)}>
      <Languages className="size-4 shrink-0" aria-hidden />
      <span className="sr-only">{t("menuLabel")}</span>
      <select
        value={locale}
        disabled={pending}
        onChange={(event) => isLocale(event.target.value) && change(event.target.value)}
        className="h-8 rounded-md border bg-background px-2 text-sm text-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {locales.map((code) => (
          <option key={code} value={code} lang={code}>
            {localeNames[code]}
          </option>
        ))}
      </select>
    </label>
  );
}

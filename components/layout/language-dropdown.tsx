"use client";

import { useLocale, useTranslations } from "next-intl";

import { LanguageMenuButton, useChangeLocale } from "@/components/layout/language-menu";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { isLocale, localeNames, locales } from "@/lib/i18n/locales";

/** The language menu, loaded on the first press of the language button (LanguageMenu) and opened at once. */
export function LanguageDropdown() {
  const t = useTranslations("language");
  const locale = useLocale();
  const { change } = useChangeLocale();
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <LanguageMenuButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-40">
        <DropdownMenuLabel>{t("menuLabel")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={locale} onValueChange={(value) => isLocale(value) && value !== locale && change(value)}>
          {locales.map((code) => (
            <DropdownMenuRadioItem key={code} value={code} lang={code}>
              {localeNames[code]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

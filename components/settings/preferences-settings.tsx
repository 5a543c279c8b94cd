"use client";

import { useCallback, useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useTheme } from "next-themes";

import { SettingsCard } from "@/components/settings/setting-row";
import { themeToNextTheme } from "@/components/settings/theme-preference";
import { useAutoSave } from "@/components/settings/use-auto-save";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { usePreferences, useUpdatePreferences } from "@/lib/api-client/users";
import { localeNames } from "@/lib/i18n/locales";
import { languages, questionsPerPageOptions, themes, type Language, type Preferences, type QuestionsPerPage, type Theme } from "@/lib/validation/users";

const THEME_KEYS = { light: "themeLight", dark: "themeDark", auto: "themeAuto" } as const satisfies Record<Theme, string>;

/** The form's state: the language is always one (the interface's own when the member never chose). */
type ShownPreferences = Omit<Preferences, "language"> & { language: Language };

/**
 * Settings > Preferences (SPEC.md section 2): theme (applied at once), language and questions per
 * page (the home feed's page size); each saved with the account as it changes ("Preferences
 * Updated" with Undo). A member who never chose a language sees the one the interface is in
 * (their stored preference is null, not "en"), and it is not sent with the other preferences until
 * they pick one; a newly saved language (the PATCH answer also sets the language cookie) re-renders
 * the page in it at once.
 */
export function PreferencesSettingsForm({ initial }: { initial: Preferences }) {
  // The language menu (top bar) can change the language while this page is open: the form starts
  // again from it then, so a later change of another preference cannot send the old language back.
  const locale = useLocale() as Language;
  const [firstLocale] = useState(locale);
  return <PreferencesForm key={locale} initial={initial} languageChanged={locale !== firstLocale} />;
}

function PreferencesForm({ initial, languageChanged }: { initial: Preferences; languageChanged: boolean }) {
  const id = useId();
  const t = useTranslations("settings.preferences");
  const locale = useLocale() as Language;
  const router = useRouter();
  const { data } = usePreferences(initial);
  const { setTheme } = useTheme();
  const { mutateAsync } = useUpdatePreferences();
  // A language the member just chose (here or in the language menu) is the interface's now.
  const start = languageChanged ? { ...(data ?? initial), language: locale } : (data ?? initial);
  // The interface's language shown to a member who never chose one (null once they did): it is not
  // sent with their other preferences, so it never becomes a choice they did not make.
  const implicitLanguage = useRef<Language | null>(start.language === null ? locale : null);
  const applyTheme = useCallback((next: ShownPreferences) => setTheme(themeToNextTheme(next.theme)), [setTheme]);
  const save = useCallback(
    async (next: ShownPreferences): Promise<ShownPreferences> => {
      const { language, ...rest } = next;
      const chosen = implicitLanguage.current === null || language !== implicitLanguage.current;
      if (chosen) implicitLanguage.current = null;
      const saved = await mutateAsync(chosen ? next : rest);
      // The new language's cookie came with the answer: the server renders the page in it.
      if (chosen && language !== locale) router.refresh();
      return { ...saved, language: saved.language ?? language };
    },
    [locale, mutateAsync, router],
  );
  const { values, change } = useAutoSave<ShownPreferences>({
    initial: { ...start, language: start.language ?? locale },
    save,
    saved: [t("savedTitle"), t("savedDescription")],
    failed: t("failed"),
    toastId: "settings-preferences",
    onApplied: applyTheme,
  });

  const select = <T extends string | number>(
    name: string,
    label: string,
    value: T,
    options: readonly T[],
    labelOf: (v: T) => string,
    onChange: (v: T) => void,
    help?: string,
  ) => (
    <div className="space-y-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Select value={String(value)} onValueChange={(v) => onChange(options.find((o) => String(o) === v) ?? value)}>
        <SelectTrigger id={`${id}-${name}`} className="w-full sm:w-72" aria-describedby={help ? `${id}-${name}-help` : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={String(o)} value={String(o)}>
              {labelOf(o)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {help ? (
        <p id={`${id}-${name}-help`} className="text-sm text-muted-foreground">
          {help}
        </p>
      ) : null}
    </div>
  );

  const themeSelect = select("theme", t("theme"), values.theme, themes, (theme) => t(THEME_KEYS[theme]), (theme) => change({ theme }), t("themeHelp"));
  const languageSelect = select("language", t("language"), values.language, languages, (l) => localeNames[l], (language) => change({ language }), t("languageHelp"));
  const perPageSelect = select<QuestionsPerPage>("per-page", t("perPage"), values.questionsPerPage, questionsPerPageOptions, String, (questionsPerPage) =>
    change({ questionsPerPage }), t("perPageHelp"));

  return (
    <SettingsCard title={t("title")} description={t("description")}>
      <div className="grid gap-6">
        {themeSelect}
        {languageSelect}
        {perPageSelect}
      </div>
    </SettingsCard>
  );
}

"use client";

import { useCallback, useId } from "react";
import { useTheme } from "next-themes";

import { SettingsCard } from "@/components/settings/setting-row";
import { themeToNextTheme } from "@/components/settings/theme-preference";
import { useAutoSave } from "@/components/settings/use-auto-save";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { USER_MESSAGES, usePreferences, useUpdatePreferences } from "@/lib/api-client/users";
import { languages, questionsPerPageOptions, themes, type Language, type Preferences, type QuestionsPerPage, type Theme } from "@/lib/validation/users";

const THEME_LABELS: Record<Theme, string> = { light: "Light", dark: "Dark", auto: "Auto (follow the system)" };
const LANGUAGE_LABELS: Record<Language, string> = { en: "English", es: "Español", fr: "Français", de: "Deutsch" };

/**
 * Settings > Preferences (SPEC.md section 2): theme (applied at once), language (stored; the
 * interface is in English for now) and questions per page (the home feed's page size); each
 * saved with the account as it changes ("Preferences Updated" with Undo).
 */
export function PreferencesSettingsForm({ initial }: { initial: Preferences }) {
  const id = useId();
  const { data } = usePreferences(initial);
  const { setTheme } = useTheme();
  const { mutateAsync } = useUpdatePreferences();
  const applyTheme = useCallback((next: Preferences) => setTheme(themeToNextTheme(next.theme)), [setTheme]);
  const { values, change } = useAutoSave<Preferences>({
    initial: data ?? initial,
    save: mutateAsync,
    saved: USER_MESSAGES.preferencesUpdated,
    failed: USER_MESSAGES.preferencesFailed,
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

  return (
    <SettingsCard title="Preferences" description="Make Agora look and behave the way you like. Changes are saved as you make them.">
      <div className="grid gap-6">
        {select("theme", "Theme", values.theme, themes, (t) => THEME_LABELS[t], (theme) => change({ theme }), "Applied right away and saved with your account.")}
        {select("language", "Language", values.language, languages, (l) => LANGUAGE_LABELS[l], (language) => change({ language }),
          "Stored for when Agora is translated; the interface is in English for now.")}
        {select<QuestionsPerPage>("per-page", "Questions per page", values.questionsPerPage, questionsPerPageOptions, (n) => String(n), (questionsPerPage) =>
          change({ questionsPerPage }), "How many questions the home feed loads at a time.")}
      </div>
    </SettingsCard>
  );
}

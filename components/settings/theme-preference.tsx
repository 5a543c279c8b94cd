"use client";

import { useEffect } from "react";
import { useTheme } from "next-themes";

import type { Theme } from "@/lib/validation/users";

/** next-themes calls "auto" (follow the system) "system". */
export const themeToNextTheme = (theme: Theme): string => (theme === "auto" ? "system" : theme);

const SYNCED_KEY = "agora-theme-synced";

/**
 * Applies the member's saved theme (users.preferences) once per browser session, so a theme
 * chosen on one device follows them to another; a theme picked later from the top bar stays
 * for the rest of the session.
 */
export function ThemePreferenceSync({ theme }: { theme: Theme }) {
  const { setTheme } = useTheme();
  useEffect(() => {
    try {
      if (window.sessionStorage.getItem(SYNCED_KEY) === theme) return;
      window.sessionStorage.setItem(SYNCED_KEY, theme);
    } catch {
      // Storage may be unavailable (private mode); apply every time then.
    }
    setTheme(themeToNextTheme(theme));
  }, [theme, setTheme]);
  return null;
}

"use client";

import { useSyncExternalStore } from "react";
import { Monitor, Moon, Sun } from "lucide-react";
import { useTheme } from "next-themes";
import { useTranslations } from "next-intl";

import { cn } from "@/lib/utils";

const options = [
  { value: "light", label: "light", icon: Sun },
  { value: "dark", label: "dark", icon: Moon },
  { value: "system", label: "system", icon: Monitor },
] as const;

const noSubscription = () => () => {};

/** A three-way theme control laid out inline (for the mobile menu). */
export function ThemeSwitcher({ className }: { className?: string }) {
  const t = useTranslations("shell.theme");
  const { theme, setTheme } = useTheme();
  // The stored theme is known only in the browser: nothing is checked until hydration is over.
  const mounted = useSyncExternalStore(noSubscription, () => true, () => false);
  const current = mounted ? (theme ?? "system") : undefined;

  return (
    <div role="radiogroup" aria-label={t("label")} className={cn("grid grid-cols-3 gap-1 rounded-lg bg-muted p-1", className)}>
      {options.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={current === value}
          onClick={() => setTheme(value)}
          className={cn(
            "flex items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-xs font-medium text-muted-foreground outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
            current === value && "bg-background text-foreground shadow-sm",
          )}
        >
          <Icon className="size-3.5" aria-hidden />
          {t(label)}
        </button>
      ))}
    </div>
  );
}

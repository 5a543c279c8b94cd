"use client";

import { lazy, Suspense, useState, type ComponentProps } from "react";
import { Moon, Sun } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { useEarlyAction } from "@/lib/early/use-early-action";

/** The theme button; the loaded menu uses it as its trigger. The icon follows the applied class, so it never mismatches on hydration. */
export function ThemeToggleButton(props: ComponentProps<typeof Button>) {
  const t = useTranslations("shell.theme");
  return (
    <Button variant="ghost" size="icon" aria-label={t("change")} aria-haspopup="menu" {...props}>
      <Sun className="size-5 dark:hidden" />
      <Moon className="hidden size-5 dark:block" />
    </Button>
  );
}

// The menu's code (Radix, floating-ui) loads the first time the button is pressed: the button is
// on every page, and most page views never open it.
const ThemeMenu = lazy(() => import("@/components/layout/theme-menu").then((m) => ({ default: m.ThemeMenu })));

/** Light, dark or follow the system. */
export function ThemeToggle() {
  const [wanted, setWanted] = useState(false);
  // A press before the page has hydrated opens the menu once it has (lib/early/script.ts).
  const early = useEarlyAction("theme-menu", () => setWanted(true));
  const closed = <ThemeToggleButton aria-expanded={false} {...early} onClick={() => setWanted(true)} />;
  return wanted ? (
    <Suspense fallback={closed}>
      <ThemeMenu />
    </Suspense>
  ) : (
    closed
  );
}

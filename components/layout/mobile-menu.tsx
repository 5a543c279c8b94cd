"use client";

import { lazy, Suspense, useRef, useState } from "react";
import { Menu } from "lucide-react";
import { useTranslations } from "next-intl";

import type { ShellUser } from "@/components/layout/types";
import { Button } from "@/components/ui/button";
import { useEarlyAction } from "@/lib/early/use-early-action";

/** The early-action key of the menu button (lib/early/script.ts). */
const MENU_EARLY_KEY = "mobile-menu";

// The sheet's code (Radix Dialog, focus trap, scroll lock) loads the first time the menu is
// opened: the button is on every page, and on wide screens it is not even shown.
const MobileMenuSheet = lazy(() => import("@/components/layout/mobile-menu-sheet").then((m) => ({ default: m.MobileMenuSheet })));

/** The menu for screens below the large breakpoint (SPEC.md section 2, "Top bar, side bar, menus"). */
export function MobileMenu({ user, unreadCount = 0, unreadMessages = 0 }: { user: ShellUser | null; unreadCount?: number; unreadMessages?: number }) {
  const t = useTranslations("shell");
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const openMenu = () => {
    setWanted(true);
    setOpen(true);
  };
  // A tap before the page has hydrated (the first seconds on a phone) opens the menu once it has.
  useEarlyAction(MENU_EARLY_KEY, openMenu);

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label={t("mobileMenu.open")}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-early={MENU_EARLY_KEY}
        onClick={openMenu}
      >
        <Menu className="size-5" />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuSheet user={user} unreadCount={unreadCount} unreadMessages={unreadMessages} open={open} onOpenChange={setOpen} trigger={button} />
        </Suspense>
      ) : null}
    </>
  );
}

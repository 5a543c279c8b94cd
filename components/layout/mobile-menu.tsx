"use client";

import { lazy, Suspense, useRef, useState } from "react";
import { Menu } from "lucide-react";
import { useTranslations } from "next-intl";

import type { ShellUser } from "@/components/layout/types";
import { Button } from "@/components/ui/button";

// The sheet's code (Radix Dialog, focus trap, scroll lock) loads the first time the menu is
// opened: the button is on every page, and on wide screens it is not even shown.
const MobileMenuSheet = lazy(() => import("@/components/layout/mobile-menu-sheet").then((m) => ({ default: m.MobileMenuSheet })));

/** The menu for screens below the large breakpoint (SPEC.md section 2, "Top bar, side bar, menus"). */
export function MobileMenu({ user, unreadCount = 0, unreadMessages = 0 }: { user: ShellUser | null; unreadCount?: number; unreadMessages?: number }) {
  const t = useTranslations("shell");
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

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
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
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

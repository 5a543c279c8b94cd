"use client";

import { useState } from "react";
import Link from "@/components/common/link";
import { Flag, LayoutDashboard, LogOut, MessagesSquare, ScrollText, Settings, User } from "lucide-react";
import { useTranslations } from "next-intl";

import { UserAvatar } from "@/components/common/user-avatar";
import type { ShellUser } from "@/components/layout/types";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { displayName } from "@/lib/display";
import { useEarlyAction } from "@/lib/early/use-early-action";
import { logoutLinkClick } from "@/lib/push/client";

/** The signed-in member's menu: profile, settings, the dashboard for admins, and log out (a full navigation to /api/logout). */
export function UserMenu({ user }: { user: ShellUser }) {
  const t = useTranslations("shell");
  const name = displayName(user);
  const [open, setOpen] = useState(false);
  // A click before the page has hydrated opens the menu once it has (lib/early/script.ts).
  const early = useEarlyAction("user-menu", () => setOpen(true));
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label={t("userMenu.label", { name })} {...early}>
          <UserAvatar user={user} className="size-8" decorative />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex items-center gap-3 py-2">
          <UserAvatar user={user} className="size-9" decorative />
          <span className="min-w-0">
            <span className="block truncate text-sm font-semibold">{name}</span>
            <span className="block truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={`/users/${user.id}`}>
            <User /> {t("nav.profile")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/messages">
            <MessagesSquare /> {t("nav.messages")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/settings">
            <Settings /> {t("nav.settings")}
          </Link>
        </DropdownMenuItem>
        {user.role === "admin" ? (
          <DropdownMenuItem asChild>
            <Link href="/admin">
              <LayoutDashboard /> {t("nav.admin")}
            </Link>
          </DropdownMenuItem>
        ) : null}
        {user.canReview ? (
          <DropdownMenuItem asChild>
            <Link href={user.reviewHref ?? "/review"}>
              <Flag /> {t("nav.review")}
            </Link>
          </DropdownMenuItem>
        ) : null}
        {user.canViewAudit ? (
          <DropdownMenuItem asChild>
            <Link href="/admin/audit">
              <ScrollText /> {t("nav.auditLog")}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <a href="/api/logout" onClick={logoutLinkClick}>
            <LogOut /> {t("nav.logOut")}
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

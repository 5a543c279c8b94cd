"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import Link from "@/components/common/link";
import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";

import { BrandLink } from "@/components/layout/logo";
import { MobileMenu } from "@/components/layout/mobile-menu";
import { SearchBox } from "@/components/layout/search-box";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { LanguageMenu } from "@/components/layout/language-menu";
import type { ShellUser } from "@/components/layout/types";
import { Button } from "@/components/ui/button";
import { useUnreadConversations, useUnreadCount } from "@/lib/api-client/unread";
import { headerSignInHref } from "@/lib/auth-links";

// Members only: a visitor's page does not load the bell or the user menu.
const NotificationBell = dynamic(() => import("@/components/notifications/notification-bell").then((m) => m.NotificationBell));
const MessagesLink = dynamic(() => import("@/components/messages/messages-link").then((m) => m.MessagesLink));
const UserMenu = dynamic(() => import("@/components/layout/user-menu").then((m) => m.UserMenu));

/**
 * The top bar of every page but the landing: logo, search (visitors too), and either Questions / About / Sign In (visitors)
 * or Create Group, the notification bell and the user menu (members); a menu below lg.
 */
export function TopBar({ user, initialUnreadCount }: { user: ShellUser | null; initialUnreadCount?: number }) {
  // Shared with the bell (same query), so the mobile menu's badge stays in step.
  const { data: unread = 0 } = useUnreadCount({ enabled: Boolean(user), initialCount: user ? initialUnreadCount : undefined });
  // Shared with the Messages link (same query): conversations with unread messages.
  const { data: unreadMessages = 0 } = useUnreadConversations({ enabled: Boolean(user) });
  // Signing in from a page comes back to it.
  const pathname = usePathname();
  const t = useTranslations("shell");

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 w-full max-w-screen-2xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <MobileMenu user={user} unreadCount={unread} unreadMessages={unreadMessages} />
        <BrandLink />
        <div className="mx-auto flex min-w-0 flex-1 justify-center sm:px-4">
          <SearchBox className="max-w-xl" />
        </div>
        {/* Members keep the bell on every width (its badge is the only sign of news on a phone); the rest moves into the menu below lg. */}
        <nav aria-label={t("landmarks.account")} className={user ? "flex items-center gap-1" : "hidden items-center gap-1 lg:flex"}>
          {user ? (
            <>
              <Button asChild variant="outline" size="sm" className="mr-1 hidden lg:inline-flex">
                <Link href="/groups?create=true">
                  <Plus /> {t("nav.createGroup")}
                </Link>
              </Button>
              {/* On a phone, Messages (with its badge) is in the menu: the bar keeps room for the search box. */}
              <span className="hidden sm:contents">
                <MessagesLink />
              </span>
              <NotificationBell initialUnreadCount={initialUnreadCount} />
              <span className="hidden lg:contents">
                <LanguageMenu />
                <ThemeToggle />
                <UserMenu user={user} />
              </span>
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link href="/questions">{t("nav.questions")}</Link>
              </Button>
              <Button asChild variant="ghost" size="sm">
                <Link href="/about">{t("nav.about")}</Link>
              </Button>
              <LanguageMenu />
              <ThemeToggle />
              <Button asChild size="sm" className="ml-1">
                <a href={headerSignInHref(pathname)}>{t("nav.signIn")}</a>
              </Button>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

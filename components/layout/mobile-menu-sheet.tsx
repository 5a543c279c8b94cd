"use client";

import Link from "@/components/common/link";
import { usePathname } from "next/navigation";
import type { ReactNode, RefObject } from "react";
import { useTranslations } from "next-intl";
import {
  Bell,
  CircleHelp,
  Flag,
  Home,
  Info,
  LayoutDashboard,
  LogIn,
  LogOut,
  MessageSquarePlus,
  MessagesSquare,
  ScrollText,
  Search,
  Settings,
  Tags,
  User,
  Users,
  UsersRound,
} from "lucide-react";

import { LogoMark, PRODUCT_NAME } from "@/components/layout/logo";
import { ThemeSwitcher } from "@/components/layout/theme-switcher";
import { LanguageSelect } from "@/components/layout/language-menu";
import { unreadBadgeText, type ShellUser } from "@/components/layout/types";
import { Separator } from "@/components/ui/separator";
import { headerSignInHref } from "@/lib/auth-links";
import { logoutLinkClick } from "@/lib/push/client";
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";

interface MenuLink {
  href: string;
  label: string;
  icon: ReactNode;
  /** Route handlers (/api/login, /api/logout) need a full page navigation. */
  external?: boolean;
  badge?: number;
}

type ShellT = ReturnType<typeof useTranslations<"shell">>;

function memberLinks(t: ShellT, user: ShellUser, unread: number, unreadMessages: number): MenuLink[][] {
  return [
    [
      { href: "/", label: t("nav.home"), icon: <Home /> },
      { href: "/users", label: t("nav.users"), icon: <Users /> },
      { href: "/tags", label: t("nav.tags"), icon: <Tags /> },
      { href: "/groups", label: t("nav.groups"), icon: <UsersRound /> },
      { href: "/notifications", label: t("nav.notifications"), icon: <Bell />, badge: unread },
      { href: "/messages", label: t("nav.messages"), icon: <MessagesSquare />, badge: unreadMessages },
      { href: "/about", label: t("nav.about"), icon: <Info /> },
    ],
    [{ href: "/?ask=1", label: t("nav.askQuestion"), icon: <MessageSquarePlus /> }],
    [
      { href: `/users/${user.id}`, label: t("nav.profile"), icon: <User /> },
      { href: "/settings", label: t("nav.settings"), icon: <Settings /> },
      ...(user.role === "admin" ? [{ href: "/admin", label: t("nav.admin"), icon: <LayoutDashboard /> }] : []),
      ...(user.canReview ? [{ href: user.reviewHref ?? "/review", label: t("nav.review"), icon: <Flag /> }] : []),
      ...(user.canViewAudit ? [{ href: "/admin/audit", label: t("nav.auditLog"), icon: <ScrollText /> }] : []),
      { href: "/api/logout", label: t("nav.logOut"), icon: <LogOut />, external: true },
    ],
  ];
}

const visitorLinks = (t: ShellT, pathname: string | null): MenuLink[][] => [
  [
    { href: "/questions", label: t("nav.questions"), icon: <MessagesSquare /> },
    { href: "/search", label: t("nav.search"), icon: <Search /> },
    { href: "/tags", label: t("nav.tags"), icon: <Tags /> },
    { href: "/groups", label: t("nav.groups"), icon: <UsersRound /> },
    { href: "/users", label: t("nav.users"), icon: <Users /> },
    { href: "/about", label: t("nav.about"), icon: <Info /> },
    { href: headerSignInHref(pathname), label: t("nav.signIn"), icon: <LogIn />, external: true },
  ],
];

const itemClass =
  "flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium text-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4 [&_svg]:text-muted-foreground";

/**
 * The sheet of MobileMenu, loaded the first time its button is pressed. `trigger` is that button:
 * focus goes back to it when the sheet closes.
 */
export function MobileMenuSheet({
  user,
  unreadCount,
  unreadMessages = 0,
  open,
  onOpenChange,
  trigger,
}: {
  user: ShellUser | null;
  unreadCount: number;
  unreadMessages?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const t = useTranslations("shell");
  const pathname = usePathname();
  const groups = user ? memberLinks(t, user, unreadCount, unreadMessages) : visitorLinks(t, pathname);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        className="w-72 gap-0 p-0"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <SheetHeader className="border-b">
          <SheetTitle className="flex items-center gap-2 text-lg font-bold">
            <LogoMark className="size-7" /> {PRODUCT_NAME}
          </SheetTitle>
          <SheetDescription className="sr-only">{t("mobileMenu.description")}</SheetDescription>
        </SheetHeader>
        <nav aria-label={t("landmarks.mobile")} className="flex-1 overflow-y-auto p-3">
          {groups.map((links, index) => (
            <div key={index}>
              {index > 0 ? <Separator className="my-2" /> : null}
              <ul className="space-y-0.5">
                {links.map((link) => (
                  <li key={link.href}>
                    <SheetClose asChild>
                      {link.external ? (
                        <a href={link.href} className={itemClass} onClick={link.href === "/api/logout" ? logoutLinkClick : undefined}>
                          {link.icon}
                          {link.label}
                        </a>
                      ) : (
                        <Link href={link.href} className={itemClass}>
                          {link.icon}
                          <span className="flex-1">{link.label}</span>
                          {link.badge ? (
                            <span
                              className="rounded-full bg-destructive px-1.5 py-0.5 text-[11px] leading-none font-semibold text-white dark:bg-red-600"
                              aria-label={t("mobileMenu.unread", { count: link.badge })}
                            >
                              {unreadBadgeText(link.badge)}
                            </span>
                          ) : null}
                        </Link>
                      )}
                    </SheetClose>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="space-y-3 border-t p-4">
          <ThemeSwitcher />
          <LanguageSelect />
          {!user ? (
            <p className="flex items-center gap-2 text-xs text-muted-foreground">
              <CircleHelp className="size-4 shrink-0" aria-hidden /> {t("mobileMenu.visitorHint")}
            </p>
          ) : null}
        </div>
      </SheetContent>
    </Sheet>
  );
}

"use client";

import Link from "@/components/common/link";
import { usePathname, useSearchParams } from "next/navigation";
import { Flame, Home, Tags, Users, UsersRound } from "lucide-react";
import { useTranslations } from "next-intl";

import { cn } from "@/lib/utils";

const links = [
  { href: "/", label: "home", icon: Home, matches: (path: string, filter: string | null) => path === "/" && filter !== "popular" },
  { href: "/?filter=popular", label: "popular", icon: Flame, matches: (path: string, filter: string | null) => path === "/" && filter === "popular" },
  { href: "/users", label: "users", icon: Users, matches: (path: string) => path.startsWith("/users") },
  { href: "/groups", label: "groups", icon: UsersRound, matches: (path: string) => path.startsWith("/groups") },
  { href: "/tags", label: "tags", icon: Tags, matches: (path: string) => path.startsWith("/tags") || path.startsWith("/categories") },
] as const;

/**
 * The side bar's main links, the current one highlighted. Names match the phone menu's (Users is
 * the members directory); "Popular" is the home feed's Popular tab, under the same name.
 */
export function SidebarNav({ highlight = true }: { highlight?: boolean }) {
  return highlight ? <HighlightedNav /> : <NavList current={null} />;
}

function HighlightedNav() {
  const pathname = usePathname() ?? "";
  const filter = useSearchParams()?.get("filter") ?? null;
  const current = links.find((link) => link.matches(pathname, filter))?.href ?? null;
  return <NavList current={current} />;
}

function NavList({ current }: { current: string | null }) {
  const t = useTranslations("shell");
  return (
    <nav aria-label={t("landmarks.main")}>
      <ul className="space-y-0.5">
        {links.map(({ href, label, icon: Icon }) => {
          const active = href === current;
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-3 rounded-md px-3 py-1.5 text-sm font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  active
                    ? "bg-accent text-accent-foreground"
                    : "text-foreground/80 hover:bg-accent/60 hover:text-foreground",
                )}
              >
                <Icon className={cn("size-4", active ? "text-primary" : "text-muted-foreground")} aria-hidden />
                {t(`nav.${label}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

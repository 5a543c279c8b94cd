import type { ReactNode } from "react";

import { Sidebar } from "@/components/layout/sidebar";
import { SkipLink } from "@/components/layout/skip-link";
import { TopBar } from "@/components/layout/top-bar";
import type { ShellUser } from "@/components/layout/types";
import { ThemePreferenceSync } from "@/components/settings/theme-preference";
import { getPageSession } from "@/lib/server/auth/session";
import { SuspendedBanner } from "@/components/auth/suspended-banner";
import { VerifyEmailBanner } from "@/components/layout/member-shell-islands";
import { asRole, can, isSuspended, SITE } from "@/lib/server/policy";
import { getPreferences } from "@/lib/server/settings/queries";

/**
 * The frame of every page but the landing: top bar, the side bar for signed-in members
 * (unless `sidebar` is false), and the page's one <main>. A member's saved theme is applied
 * here, so a theme chosen on one device follows them to every page of another.
 */
export async function SiteShell({ children, sidebar = true }: { children: ReactNode; sidebar?: boolean }) {
  const session = await getPageSession();
  const viewer = session?.viewer ?? null;
  const user: ShellUser | null = viewer
    ? {
        id: viewer.id,
        email: viewer.email,
        firstName: viewer.firstName,
        lastName: viewer.lastName,
        profileImageUrl: viewer.profileImageUrl,
        role: asRole(viewer.role),
        canReview: can(viewer, "review.view", SITE) || can(viewer, "suggestedEdit.list"),
        reviewHref: can(viewer, "review.view", SITE) ? "/review" : "/review/suggested-edits",
        canViewAudit: can(viewer, "audit.view", SITE),
      }
    : null;
  // Visitors have no saved preferences and no notifications. A member's unread count and
  // preferences come with the page's session read (no query of their own).
  const unread = session?.unreadCount;
  const preferences = viewer ? getPreferences(viewer) : null;

  return (
    <div className="flex min-h-dvh flex-col">
      {/* "auto" is also what a member who never chose gets: only an explicit choice overrides this browser's theme. */}
      {preferences && preferences.theme !== "auto" ? <ThemePreferenceSync theme={preferences.theme} /> : null}
      <SkipLink />
      <TopBar user={user} initialUnreadCount={unread} />
      <div className="mx-auto flex w-full max-w-screen-2xl flex-1">
        <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
          {viewer && isSuspended(viewer) ? <SuspendedBanner until={viewer.suspendedUntil!} reason={viewer.suspensionReason} /> : null}
          {viewer && !viewer.emailVerifiedAt && !viewer.isAssistant ? <VerifyEmailBanner email={viewer.email} /> : null}
          {children}
        </main>
        {/* After the page in the tab order (its main action is a few presses from the top), left on screen. */}
        {user && sidebar ? (
          <div className="order-first flex">
            <Sidebar />
          </div>
        ) : null}
      </div>
    </div>
  );
}

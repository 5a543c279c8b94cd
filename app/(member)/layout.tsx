import { notFound } from "next/navigation";

import { SiteShell } from "@/components/layout/site-shell";
import { getViewer } from "@/lib/server/auth/session";

/**
 * Pages for signed-in members only (SPEC.md section 2): visitors get the 404 screen,
 * members the top bar and side bar. The layout owns the page's <main>. This check is not the
 * guard: every page checks the viewer itself too (requireMemberForPage), because a page renders
 * alongside its layout and a client navigation may skip the layout.
 */
export default async function MemberLayout({ children }: { children: React.ReactNode }) {
  if (!(await getViewer())) notFound();
  return <SiteShell>{children}</SiteShell>;
}

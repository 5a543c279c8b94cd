import { SiteShell } from "@/components/layout/site-shell";

/**
 * Pages visitors may read (about, tags, questions, sign-in): the top bar, plus the side bar
 * when a member is signed in. The layout owns the page's <main>.
 */
export default function PublicLayout({ children }: { children: React.ReactNode }) {
  return <SiteShell>{children}</SiteShell>;
}

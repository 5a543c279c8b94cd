/** The signed-in member as the shell's client components know them (no settings, no secrets). */
export interface ShellUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  /** "member" (also when absent), "moderator" or "admin": admins get a link to /admin. */
  role?: "member" | "moderator" | "admin";
  /** A moderator or admin: the menus offer the review queue (policy "review.view"). */
  canReview?: boolean;
  /** A moderator or admin: the menus offer the audit log (policy "audit.view"). */
  canViewAudit?: boolean;
  /** Where the menus' Review leads: the flags queue for staff, the suggested edits for members with 500 reputation. */
  reviewHref?: string;
}

/** Unread badges read "9+" above 9 (SPEC.md section 9). */
export function unreadBadgeText(count: number): string {
  return count > 9 ? "9+" : String(count);
}

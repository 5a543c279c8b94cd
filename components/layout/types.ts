/** The signed-in member as the shell's client components know them (no settings, no secrets). */
export interface ShellUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  /** A moderator or admin: the menus offer the review queue (policy "review.view"). */
  canReview?: boolean;
}

/** Unread badges read "9+" above 9 (SPEC.md section 9). */
export function unreadBadgeText(count: number): string {
  return count > 9 ? "9+" : String(count);
}

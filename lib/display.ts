// Display rules shared by server presenters and client components (SPEC.md section 3).

export interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  /** Present only when the viewer may see it (their own account). */
  email?: string | null;
  /** The part of the e-mail before the @, which stands in for a private e-mail address. */
  handle?: string | null;
}

/** First plus last name when both exist; otherwise the e-mail (or its local part); else "Unknown User". */
export function displayName(user: NamedUser | null | undefined): string {
  if (!user) return "Unknown User";
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  return user.email || user.handle || "Unknown User";
}

/** The avatar letter: first letter of the first name, else of the e-mail (or handle), else "?". */
export function avatarLetter(user: NamedUser | null | undefined): string {
  const source = user?.firstName?.trim() || user?.email || user?.handle || "";
  return source ? source[0]!.toUpperCase() : "?";
}

/** The part of an e-mail address before the @. */
export function emailHandle(email: string): string {
  return email.split("@")[0] ?? email;
}

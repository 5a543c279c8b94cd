import "server-only";
import type { AuthorRow } from "@/lib/server/users/presenters";
import { asRole } from "@/lib/server/policy";
import { defaultNotificationSettings, defaultPrivacySettings } from "@/lib/validation/users";

export interface CurrentUserRow extends AuthorRow {
  bio: string | null;
  website: string | null;
  socialLinks: unknown;
  city: string | null;
  country: string | null;
  notificationSettings: unknown;
  privacySettings: unknown;
  role: string;
  reputation: number;
  suspendedUntil: Date | null;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The signed-in member's own account (GET /api/auth/user): everything but secrets, with settings defaults. */
export function presentCurrentUser(user: CurrentUserRow) {
  const social = (user.socialLinks ?? {}) as Record<string, string | null>;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    bio: user.bio,
    website: user.website,
    socialLinks: { twitter: social.twitter ?? null, linkedin: social.linkedin ?? null, github: social.github ?? null },
    city: user.city,
    country: user.country,
    notificationSettings: { ...defaultNotificationSettings, ...((user.notificationSettings ?? {}) as object) },
    privacySettings: { ...defaultPrivacySettings, ...((user.privacySettings ?? {}) as object) },
    role: asRole(user.role),
    reputation: user.reputation,
    emailVerified: user.emailVerifiedAt !== null,
    suspendedUntil: user.suspendedUntil && user.suspendedUntil > new Date() ? user.suspendedUntil.toISOString() : null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

export type CurrentUserJson = ReturnType<typeof presentCurrentUser>;

/** What PATCH /api/users/change-password answers (the new session cookie comes with it). */
export function presentPasswordChanged(): { passwordChanged: true } {
  return { passwordChanged: true };
}


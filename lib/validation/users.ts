// Members: the same schemas check the Edit Profile dialog and the settings forms in the browser
// and the bodies and query strings of /api/users on the server (SPEC.md sections 3, 5 and 7).
// Every text field has a maximum length, matching its column. Unknown fields are dropped.
import { locales } from "@/lib/i18n/locales";
import { z } from "./zod";

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_TOO_LONG_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from "@/lib/validation/auth";
import { pageQuerySchema } from "@/lib/validation/questions";

const BODY_MESSAGE = "Request body must be a JSON object";

/** Longest value of each profile field (the columns of users). */
export const PROFILE_MAX = {
  firstName: 100,
  lastName: 100,
  bio: 500,
  website: 2048,
  city: 100,
  country: 100,
  profileImageUrl: 2048,
  socialUsername: 100,
} as const;

export const PROFILE_MESSAGES = {
  firstName: "First name must be at most 100 characters",
  lastName: "Last name must be at most 100 characters",
  bio: "Bio must be at most 500 characters",
  website: "Please enter a valid web address, like example.com or https://example.com",
  websiteTooLong: "Website must be at most 2048 characters",
  city: "City must be at most 100 characters",
  country: "Country must be at most 100 characters",
  profileImageUrl: "Profile image must be an http(s) URL or an uploaded image",
  social: (site: string) => `${site} username may contain only letters, digits, _ . and -`,
  socialTooLong: (site: string) => `${site} username must be at most 100 characters`,
  updated: "Profile updated",
  updateFailed: "Failed to update profile. Please try again.",
} as const;

/** Whether a string is an absolute http(s) URL (the website field, image URLs). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

// A scheme is letters before a colon that is not followed by a digit ("priya.dev:8080" has a port, not a scheme).
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * A website as members type it, made a full URL: "priya.dev" and "//priya.dev" become
 * "https://priya.dev"; a value with a scheme is kept as typed. Returns null when the result is not
 * an http(s) URL (javascript:, mailto:, a bare word without a dot), so only http(s) is ever stored.
 */
export function normalizeWebsite(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (HAS_SCHEME.test(trimmed)) return isHttpUrl(trimmed) ? trimmed : null;
  const full = `https://${trimmed.replace(/^\/+/, "")}`;
  if (!isHttpUrl(full)) return null;
  const host = new URL(full).hostname;
  return host.includes(".") || host === "localhost" ? full : null;
}

// Images uploaded to local disk are served from /uploads/<random name> (app/uploads/[name]).
const LOCAL_UPLOAD = /^\/uploads\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

/** Whether a string may be shown as an image: an http(s) URL or one of Agora's own uploads. */
export function isImageUrl(value: string): boolean {
  return LOCAL_UPLOAD.test(value) || isHttpUrl(value);
}

/** A social username as stored: trimmed, without a leading @, or null when blank. */
export function cleanSocialUsername(value: string | null | undefined): string | null {
  const trimmed = (value ?? "").trim().replace(/^@+/, "").trim();
  return trimmed ? trimmed : null;
}

const SOCIAL_USERNAME = /^[A-Za-z0-9_.-]+$/;

/** One social username on the server: cleaned as above, then checked. */
const socialUsernameSchema = (site: string) =>
  z
    .string({ error: PROFILE_MESSAGES.social(site) })
    .nullish()
    .transform(cleanSocialUsername)
    .pipe(
      z
        .string()
        .max(PROFILE_MAX.socialUsername, PROFILE_MESSAGES.socialTooLong(site))
        .regex(SOCIAL_USERNAME, PROFILE_MESSAGES.social(site))
        .nullable(),
    );

/** An optional text field on the server: trimmed, at most `max`; blank, null or absent become null. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * PUT /api/users/profile: the whole editable profile. A field left out (as the dialog leaves out
 * blank ones) is cleared, so the body is the profile as it should be after the call.
 */
export const profileUpdateSchema = z.object(
  {
    firstName: optionalText(PROFILE_MAX.firstName, PROFILE_MESSAGES.firstName),
    lastName: optionalText(PROFILE_MAX.lastName, PROFILE_MESSAGES.lastName),
    bio: optionalText(PROFILE_MAX.bio, PROFILE_MESSAGES.bio),
    website: optionalText(PROFILE_MAX.website, PROFILE_MESSAGES.websiteTooLong)
      .refine((v) => v === null || normalizeWebsite(v) !== null, PROFILE_MESSAGES.website)
      .transform((v) => (v === null ? null : normalizeWebsite(v)))
      .pipe(z.string().max(PROFILE_MAX.website, PROFILE_MESSAGES.websiteTooLong).nullable()),
    city: optionalText(PROFILE_MAX.city, PROFILE_MESSAGES.city),
    country: optionalText(PROFILE_MAX.country, PROFILE_MESSAGES.country),
    profileImageUrl: optionalText(PROFILE_MAX.profileImageUrl, PROFILE_MESSAGES.profileImageUrl).refine(
      (v) => v === null || isImageUrl(v),
      PROFILE_MESSAGES.profileImageUrl,
    ),
    socialLinks: z
      .object(
        { twitter: socialUsernameSchema("Twitter"), linkedin: socialUsernameSchema("LinkedIn"), github: socialUsernameSchema("GitHub") },
        { error: "socialLinks must be an object" },
      )
      .nullish()
      .transform((links) => ({ twitter: links?.twitter ?? null, linkedin: links?.linkedin ?? null, github: links?.github ?? null })),
  },
  { error: BODY_MESSAGE },
);

export type ProfileUpdateInput = z.output<typeof profileUpdateSchema>;
/** The body the Edit Profile dialog sends (after cleanProfilePayload). */
export type ProfileUpdateBody = z.input<typeof profileUpdateSchema>;

/** A form text field: any string up to `max` (blank allowed). */
const formText = (max: number, message: string) => z.string().max(max, message);

/** The Edit Profile dialog's fields, every one a string (blank allowed), with the server's limits. */
export const profileFormSchema = z.object({
  profileImageUrl: formText(PROFILE_MAX.profileImageUrl, PROFILE_MESSAGES.profileImageUrl).refine(
    (v) => v.trim() === "" || isImageUrl(v.trim()),
    PROFILE_MESSAGES.profileImageUrl,
  ),
  firstName: formText(PROFILE_MAX.firstName, PROFILE_MESSAGES.firstName),
  lastName: formText(PROFILE_MAX.lastName, PROFILE_MESSAGES.lastName),
  bio: formText(PROFILE_MAX.bio, PROFILE_MESSAGES.bio),
  website: formText(PROFILE_MAX.website, PROFILE_MESSAGES.websiteTooLong).refine((v) => v.trim() === "" || normalizeWebsite(v) !== null, PROFILE_MESSAGES.website),
  city: formText(PROFILE_MAX.city, PROFILE_MESSAGES.city),
  country: formText(PROFILE_MAX.country, PROFILE_MESSAGES.country),
  twitter: z.string().refine((v) => cleanSocialUsername(v) === null || SOCIAL_USERNAME.test(cleanSocialUsername(v)!), PROFILE_MESSAGES.social("Twitter")),
  linkedin: z.string().refine((v) => cleanSocialUsername(v) === null || SOCIAL_USERNAME.test(cleanSocialUsername(v)!), PROFILE_MESSAGES.social("LinkedIn")),
  github: z.string().refine((v) => cleanSocialUsername(v) === null || SOCIAL_USERNAME.test(cleanSocialUsername(v)!), PROFILE_MESSAGES.social("GitHub")),
});

export type ProfileFormValues = z.infer<typeof profileFormSchema>;

/**
 * The body of a profile save (SPEC.md section 5): strings trimmed, blank strings and nulls
 * removed; social usernames trimmed (a leading @ dropped) and sent as null when blank.
 */
export function cleanProfilePayload(values: ProfileFormValues): ProfileUpdateBody {
  const body: Record<string, unknown> = {};
  for (const field of ["firstName", "lastName", "bio", "website", "city", "country", "profileImageUrl"] as const) {
    const value = values[field];
    if (typeof value !== "string") continue;
    const trimmed = field === "website" ? (normalizeWebsite(value) ?? value.trim()) : value.trim();
    if (trimmed) body[field] = trimmed;
  }
  body.socialLinks = {
    twitter: cleanSocialUsername(values.twitter),
    linkedin: cleanSocialUsername(values.linkedin),
    github: cleanSocialUsername(values.github),
  };
  return body as ProfileUpdateBody;
}

/* Settings ------------------------------------------------------------------------------ */

const boolean = (name: string) => z.boolean({ error: `${name} must be true or false` }).optional();

/** PATCH /api/users/settings/notifications: any of the switches (SPEC.md section 3). */
export const notificationSettingsSchema = z.object(
  {
    emailNotifications: boolean("emailNotifications"),
    pushNotifications: boolean("pushNotifications"),
    weeklyDigest: boolean("weeklyDigest"),
    newAnswers: boolean("newAnswers"),
    newFollowers: boolean("newFollowers"),
    upvotes: boolean("upvotes"),
  },
  { error: BODY_MESSAGE },
);
export type NotificationSettingsInput = z.output<typeof notificationSettingsSchema>;

export const profileVisibilities = ["public", "registered", "private"] as const;
export type ProfileVisibility = (typeof profileVisibilities)[number];

/** PATCH /api/users/settings/privacy. */
export const privacySettingsSchema = z.object(
  {
    profileVisibility: z.enum(profileVisibilities, { error: "Profile visibility must be public, registered or private" }).optional(),
    showActivity: boolean("showActivity"),
    allowMessages: boolean("allowMessages"),
  },
  { error: BODY_MESSAGE },
);
export type PrivacySettingsInput = z.output<typeof privacySettingsSchema>;

export const themes = ["light", "dark", "auto"] as const;
/** The interface's languages (lib/i18n/locales.ts). */
export const languages = locales;
export const questionsPerPageOptions = [10, 25, 50] as const;
export type Theme = (typeof themes)[number];
export type Language = (typeof languages)[number];
export type QuestionsPerPage = (typeof questionsPerPageOptions)[number];

/**
 * The preferences of a member who never chose any. `language` is null until the member picks one
 * (Settings > Preferences or the language menu): the interface then follows the language menu's
 * cookie and the browser (i18n/request.ts), so no default may pretend to be a choice.
 */
export const defaultPreferences: { theme: Theme; language: Language | null; questionsPerPage: QuestionsPerPage } = {
  theme: "auto",
  language: null,
  questionsPerPage: 10,
};
export type Preferences = typeof defaultPreferences;

const QUESTIONS_PER_PAGE_MESSAGE = "Questions per page must be 10, 25 or 50";

/** PATCH /api/users/settings/preferences: theme, language, questions per page (SPEC.md section 2). */
export const preferencesSchema = z.object(
  {
    theme: z.enum(themes, { error: "Theme must be light, dark or auto" }).optional(),
    language: z.enum(languages, { error: "Language must be en, es, fr or de" }).optional(),
    questionsPerPage: z
      .number({ error: QUESTIONS_PER_PAGE_MESSAGE })
      .refine((n): n is QuestionsPerPage => (questionsPerPageOptions as readonly number[]).includes(n), QUESTIONS_PER_PAGE_MESSAGE)
      .optional(),
  },
  { error: BODY_MESSAGE },
);
export type PreferencesInput = z.output<typeof preferencesSchema>;

/** POST /api/locale: the language menu's choice. */
export const localeSchema = z.object({ locale: z.enum(languages, { error: "Language must be en, es, fr or de" }) }, { error: BODY_MESSAGE });

/** The default notification switches of SPEC.md section 4. */
export const defaultNotificationSettings = {
  emailNotifications: true,
  pushNotifications: true,
  weeklyDigest: false,
  newAnswers: true,
  newFollowers: true,
  upvotes: true,
};

/** The default privacy settings of SPEC.md section 4. */
export const defaultPrivacySettings = {
  profileVisibility: "public" as ProfileVisibility,
  showActivity: true,
  allowMessages: true,
};

export type NotificationSettings = typeof defaultNotificationSettings;
export type PrivacySettings = typeof defaultPrivacySettings;

/** A stored preferences value read back safely: anything unknown falls back to the default. */
export function parseStoredPreferences(value: unknown): Preferences {
  const raw = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  return {
    theme: (themes as readonly unknown[]).includes(raw.theme) ? (raw.theme as Theme) : defaultPreferences.theme,
    language: (languages as readonly unknown[]).includes(raw.language) ? (raw.language as Language) : defaultPreferences.language,
    questionsPerPage: (questionsPerPageOptions as readonly unknown[]).includes(raw.questionsPerPage)
      ? (raw.questionsPerPage as QuestionsPerPage)
      : defaultPreferences.questionsPerPage,
  };
}

export const PASSWORD_MESSAGES = {
  mismatchTitle: "Password Mismatch",
  mismatch: "New password and confirmation do not match.",
  tooShortTitle: "Password Too Short",
  tooShort: PASSWORD_TOO_SHORT_MESSAGE,
  currentRequired: "Please enter your current password",
  wrongCurrent: "Current password is incorrect",
  changedTitle: "Password Changed",
  changed: "Your password has been changed. Other devices have been signed out.",
  failed: "Failed to change password. Please check your current password.",
} as const;

/** PATCH /api/users/change-password: the current password and the new one (with its confirmation when sent). */
export const passwordChangeSchema = z
  .object(
    {
      currentPassword: z
        .string({ error: PASSWORD_MESSAGES.currentRequired })
        .min(1, PASSWORD_MESSAGES.currentRequired)
        .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
      newPassword: z
        .string({ error: PASSWORD_TOO_SHORT_MESSAGE })
        .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
        .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
      confirmPassword: z.string().max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE).optional(),
    },
    { error: BODY_MESSAGE },
  )
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ["confirmPassword"],
  });
export type PasswordChangeInput = z.output<typeof passwordChangeSchema>;

/**
 * The password form's own check before anything is sent (SPEC.md section 5): the mismatch
 * first, then the length; null when it may be sent.
 */
export function passwordFormProblem(values: { newPassword: string; confirmPassword: string }): { code: "mismatch" | "tooShort"; title: string; description: string } | null {
  if (values.newPassword !== values.confirmPassword) return { code: "mismatch", title: PASSWORD_MESSAGES.mismatchTitle, description: PASSWORD_MESSAGES.mismatch };
  if (values.newPassword.length < PASSWORD_MIN_LENGTH) return { code: "tooShort", title: PASSWORD_MESSAGES.tooShortTitle, description: PASSWORD_MESSAGES.tooShort };
  return null;
}

/** What a member types to confirm deleting their account. */
export const DELETE_CONFIRMATION = "DELETE";
export const DELETE_CONFIRMATION_MESSAGE = `Please type ${DELETE_CONFIRMATION} to confirm`;

/** DELETE /api/users/me: `{ confirmation: "DELETE" }`. */
export const accountDeleteSchema = z.object(
  { confirmation: z.literal(DELETE_CONFIRMATION, { error: DELETE_CONFIRMATION_MESSAGE }) },
  { error: DELETE_CONFIRMATION_MESSAGE },
);

/* Members directory ------------------------------------------------------------------------ */

/** Items per page of a profile's Questions, Answers and Saved tabs (server pages fetch their first page with it too). */
export const PROFILE_PAGE_SIZE = 10;
/** Cards per page of the members directory. */
export const MEMBER_PAGE_SIZE = 24;

/**
 * Tabs of the members directory: New Users, Top Askers, Top Answerers, Top Voters, and Top
 * Reputation over all time (`reputation`) or gained in the last 30 days (`reputation-month`).
 */
export const userListTabs = ["new", "asker", "answerer", "voters", "reputation", "reputation-month"] as const;
export type UserListTab = (typeof userListTabs)[number];

/** Longest search text of the members directory. */
export const USER_SEARCH_MAX_LENGTH = 100;

const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null || value === "" ? undefined : value), schema.optional());

/** GET /api/users: tab (new by default), search text, paging. */
export const userListQuerySchema = pageQuerySchema.extend({
  tab: optionalParam(z.enum(userListTabs, { error: "tab must be new, asker, answerer, voters, reputation or reputation-month" })).transform((v) => v ?? "new"),
  search: optionalParam(z.string().trim().max(USER_SEARCH_MAX_LENGTH, `search must be at most ${USER_SEARCH_MAX_LENGTH} characters`)).transform(
    (v) => v || undefined,
  ),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

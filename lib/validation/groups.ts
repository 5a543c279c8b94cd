// Groups: the same schemas validate the Create Group and Edit Group dialogs in the browser and
// the bodies and query strings of /api/groups on the server (SPEC.md sections 5 and 9,
// docs/API.md). Unknown fields are dropped.
import { z } from "./zod";
import { pageQuerySchema } from "@/lib/validation/questions";

export const GROUP_NAME_MAX_LENGTH = 100;
export const GROUP_DESCRIPTION_MAX_LENGTH = 500;
export const GROUP_RULES_MAX_LENGTH = 1000;
/** The longest image address the groups table stores. */
export const GROUP_IMAGE_URL_MAX_LENGTH = 2048;
/** The longest search text of the group lists. */
export const GROUP_SEARCH_MAX_LENGTH = 100;

export const GROUP_NAME_REQUIRED_MESSAGE = "Group name is required";
export const GROUP_NAME_TOO_LONG_MESSAGE = "Group name must be 100 characters or less";
export const GROUP_DESCRIPTION_TOO_LONG_MESSAGE = "Description must be 500 characters or less";
export const GROUP_RULES_TOO_LONG_MESSAGE = "Rules must be 1000 characters or less";
export const GROUP_PROFILE_IMAGE_MESSAGE = "Profile image must be a valid URL";
export const GROUP_HEADER_IMAGE_MESSAGE = "Header image must be a valid URL";
export const GROUP_PRIVATE_MESSAGE = "isPrivate must be true or false";
export const GROUP_SEARCH_TOO_LONG_MESSAGE = `Search terms must be at most ${GROUP_SEARCH_MAX_LENGTH} characters`;

const BODY_MESSAGE = "Request body must be a JSON object";

// A file uploaded through POST /api/upload/image is served from the site itself.
const SITE_UPLOAD_PATTERN = /^\/(?:api\/)?uploads\/[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Whether a value is an image address a group may use: an http(s) URL, or a site-relative /uploads/... path. */
export function isGroupImageUrl(value: string): boolean {
  if (value.startsWith("/")) return SITE_UPLOAD_PATTERN.test(value) && !value.includes("..") && !value.includes("//");
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Optional text: trimmed, at most `max` characters; blank, null or missing become null. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

/** An optional image address (http(s) or /uploads/...); blank, null or missing become null. */
const optionalImageUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(GROUP_IMAGE_URL_MAX_LENGTH, message)
    .refine((value) => value === "" || isGroupImageUrl(value), message)
    .nullish()
    .transform((value) => (value ? value : null));

/** The group's name: trimmed, 1 to 100 characters. */
export const groupNameSchema = z
  .string({ error: GROUP_NAME_REQUIRED_MESSAGE })
  .trim()
  .min(1, GROUP_NAME_REQUIRED_MESSAGE)
  .max(GROUP_NAME_MAX_LENGTH, GROUP_NAME_TOO_LONG_MESSAGE);

const groupFields = {
  name: groupNameSchema,
  description: optionalText(GROUP_DESCRIPTION_MAX_LENGTH, GROUP_DESCRIPTION_TOO_LONG_MESSAGE),
  rules: optionalText(GROUP_RULES_MAX_LENGTH, GROUP_RULES_TOO_LONG_MESSAGE),
  profileImageUrl: optionalImageUrl(GROUP_PROFILE_IMAGE_MESSAGE),
  headerImageUrl: optionalImageUrl(GROUP_HEADER_IMAGE_MESSAGE),
  isPrivate: z
    .boolean({ error: GROUP_PRIVATE_MESSAGE })
    .nullish()
    .transform((value) => value ?? false),
};

/** POST /api/groups and the Create Group dialog: a name, and optionally everything else (public by default). */
export const groupCreateSchema = z.object(groupFields, { error: BODY_MESSAGE });

export type GroupFormValues = z.input<typeof groupCreateSchema>;
export type GroupCreateInput = z.output<typeof groupCreateSchema>;

/** The Edit Group dialog: every field, with the same rules as creating (SPEC.md section 5, Edit group). */
export const groupEditFormSchema = groupCreateSchema;

/**
 * PATCH /api/groups/{id}: any of the fields; those left out keep their value, an empty or null
 * description, rules or image clears it.
 */
export const groupUpdateSchema = z.object(groupFields, { error: BODY_MESSAGE }).partial();

export type GroupUpdateInput = z.output<typeof groupUpdateSchema>;

/** A query-string parameter that may be absent or empty (both mean "not given"). */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null || value === "" ? undefined : value), schema.optional());

/** `search` of a group list or a group's posts: trimmed, at most 100 characters; blank means none. */
export const groupSearchParamSchema = optionalParam(
  z.string().trim().max(GROUP_SEARCH_MAX_LENGTH, GROUP_SEARCH_TOO_LONG_MESSAGE),
).transform((value) => value || undefined);

/** Which groups a list holds: the viewer's own (`joined`), the others (`discover`), or all when absent. */
export const groupMemberships = ["joined", "discover"] as const;
export type GroupMembershipFilter = (typeof groupMemberships)[number];

/** GET /api/groups: a name or description search, the membership filter, and paging. */
export const groupListQuerySchema = pageQuerySchema.extend({
  search: groupSearchParamSchema,
  membership: optionalParam(z.enum(groupMemberships, { error: "membership must be joined or discover" })),
});
export type GroupListQuery = z.output<typeof groupListQuerySchema>;

/** GET /api/groups/{id}/questions: a title or description search, and paging (newest first). */
export const groupQuestionsQuerySchema = pageQuerySchema.extend({ search: groupSearchParamSchema });
export type GroupQuestionsQuery = z.output<typeof groupQuestionsQuerySchema>;

/** GET /api/groups/{id}/requests: paging (oldest request first). */
export const groupRequestsQuerySchema = pageQuerySchema;

export const GROUP_INVITEE_REQUIRED_MESSAGE = "Choose a member to invite";

/** POST /api/groups/{id}/invitations: the member to invite (an id as the member directory gives it). */
export const groupInvitationCreateSchema = z.object({
  userId: z
    .string({ error: GROUP_INVITEE_REQUIRED_MESSAGE })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, GROUP_INVITEE_REQUIRED_MESSAGE),
});
export type GroupInvitationCreateInput = z.output<typeof groupInvitationCreateSchema>;

/** GET /api/groups/{id}/invitations: paging (oldest invitation first). */
export const groupInvitationsQuerySchema = pageQuerySchema;

// Moderating members (issue 14): the same schemas check the profile's Moderate dialogs in the
// browser and the bodies of POST /api/users/{id}/suspend, POST /api/users/{id}/delete-as-spammer
// and PUT /api/admin/users/{id}/role on the server.
import { z } from "./zod";

/** Longest reason a suspension or a spammer's deletion carries (users.suspension_reason is varchar(500)). */
export const MODERATION_REASON_MAX_LENGTH = 500;
/** Longest suspension, in days. */
export const SUSPEND_MAX_DAYS = 365;

export const SUSPEND_DAYS_MESSAGE = `Days must be a whole number from 1 to ${SUSPEND_MAX_DAYS}`;
export const SUSPEND_REASON_REQUIRED_MESSAGE = "Please give a reason for the suspension";
export const MODERATION_REASON_TOO_LONG_MESSAGE = `Reason must be at most ${MODERATION_REASON_MAX_LENGTH} characters`;
export const ROLE_MESSAGE = 'Role must be "member" or "moderator"';
const OBJECT_MESSAGE = "Request body must be a JSON object";

const reason = z.string({ error: MODERATION_REASON_TOO_LONG_MESSAGE }).trim().max(MODERATION_REASON_MAX_LENGTH, MODERATION_REASON_TOO_LONG_MESSAGE);

/** POST /api/users/{id}/suspend. */
export const suspendSchema = z.object(
  {
    days: z.number({ error: SUSPEND_DAYS_MESSAGE }).int(SUSPEND_DAYS_MESSAGE).min(1, SUSPEND_DAYS_MESSAGE).max(SUSPEND_MAX_DAYS, SUSPEND_DAYS_MESSAGE),
    reason: z
      .string({ error: SUSPEND_REASON_REQUIRED_MESSAGE })
      .trim()
      .min(1, SUSPEND_REASON_REQUIRED_MESSAGE)
      .max(MODERATION_REASON_MAX_LENGTH, MODERATION_REASON_TOO_LONG_MESSAGE),
  },
  { error: OBJECT_MESSAGE },
);
export type SuspendInput = z.output<typeof suspendSchema>;

/** POST /api/users/{id}/delete-as-spammer. */
export const deleteSpammerSchema = z.object({ reason: reason.optional() }, { error: OBJECT_MESSAGE });
export type DeleteSpammerInput = z.output<typeof deleteSpammerSchema>;

/** The roles an admin can give with PUT /api/admin/users/{id}/role (admins come from AGORA_ADMIN_EMAILS). */
export const ASSIGNABLE_ROLES = ["member", "moderator"] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** PUT /api/admin/users/{id}/role. */
export const roleChangeSchema = z.object({ role: z.enum(ASSIGNABLE_ROLES, { error: ROLE_MESSAGE }) }, { error: OBJECT_MESSAGE });
export type RoleChangeInput = z.output<typeof roleChangeSchema>;

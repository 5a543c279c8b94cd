import "server-only";
import { parseAdminEmails } from "@/lib/config/admin-emails";
import { db, Prisma } from "@/lib/server/db";
import { errorFields, log } from "@/lib/server/log";
import type { Role } from "@/lib/server/policy";

/*
 * AGORA_ADMIN_EMAILS (issue 14, .env.example): those accounts are admins from sign-up on
 * (registerUser and resolveOAuthUser ask roleForNewAccount) and again at every start of a
 * server process (applyAdminEmails, from instrumentation.ts), which promotes accounts that
 * existed before their address was listed. Nothing here ever demotes anyone.
 */

/** The lower-cased addresses AGORA_ADMIN_EMAILS lists (none when unset or malformed: start-up refuses a malformed list). */
export function adminEmails(env: NodeJS.ProcessEnv = process.env): string[] {
  return parseAdminEmails(env.AGORA_ADMIN_EMAILS) ?? [];
}

/** The role a new account with this e-mail gets: "admin" when AGORA_ADMIN_EMAILS lists it, else "member". */
export function roleForNewAccount(email: string, env: NodeJS.ProcessEnv = process.env): Role {
  return adminEmails(env).includes(email.trim().toLowerCase()) ? "admin" : "member";
}

/**
 * Makes every live account AGORA_ADMIN_EMAILS lists an admin (not the assistant, not deleted
 * accounts), with one audit entry per promotion (no actor: the configuration did it). Returns
 * how many accounts were promoted now.
 */
export async function applyAdminEmails(env: NodeJS.ProcessEnv = process.env): Promise<{ listed: number; promoted: number }> {
  const emails = adminEmails(env);
  if (emails.length === 0) return { listed: 0, promoted: 0 };
  const promoted = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; old: string }[]>`
      UPDATE users u SET role = 'admin', updated_at = timezone('UTC', now())
        FROM (SELECT id, role AS old FROM users WHERE lower(email) IN (${Prisma.join(emails)}) FOR UPDATE) o
       WHERE u.id = o.id AND u.role <> 'admin' AND u.deleted_at IS NULL AND NOT u.is_assistant
      RETURNING u.id, o.old`;
    if (rows.length > 0) {
      await tx.moderationAudit.createMany({
        data: rows.map((row) => ({
          actorId: null,
          action: "user.role",
          targetType: "user",
          targetId: row.id,
          reason: "Listed in AGORA_ADMIN_EMAILS",
          details: { from: row.old, to: "admin" },
        })),
      });
    }
    return rows.length;
  });
  return { listed: emails.length, promoted };
}

/** applyAdminEmails at a server's start, logged in one line; a failure is logged, never fatal (the next start tries again). */
export async function applyAdminEmailsAtStart(): Promise<void> {
  try {
    const { listed, promoted } = await applyAdminEmails();
    if (listed > 0) log.info({ listed, promoted }, `AGORA_ADMIN_EMAILS: ${listed} address(es) listed, ${promoted} account(s) made admin now`);
  } catch (error) {
    log.error(errorFields(error), "AGORA_ADMIN_EMAILS could not be applied");
  }
}

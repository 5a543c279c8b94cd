import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/server/db";

/*
 * The built-in "Agora AI" account that automatic answers are posted by (DECISIONS.md section 6).
 * The seed creates it; a database that never ran the seed gets it on the first automatic answer.
 */

/** The assistant account's e-mail address (it never signs in). */
export const ASSISTANT_EMAIL = "ai@agora.local";

let cached: string | undefined;

/** The id of the assistant account, creating the account when it is missing. */
export async function ensureAssistantUser(): Promise<string> {
  if (cached && (await db.user.count({ where: { id: cached, isAssistant: true } }))) return cached;
  const found = await db.user.findFirst({ where: { isAssistant: true }, select: { id: true }, orderBy: { createdAt: "asc" } });
  if (found) return (cached = found.id);
  const data = { firstName: "Agora", lastName: "AI", isAssistant: true, bio: "I write the first answer to every question and cite the community posts I drew on." };
  // Two instances may get here at once: the unique e-mail makes one of them win, the other reads it.
  await db.user.createMany({ data: [{ email: ASSISTANT_EMAIL, ...data }], skipDuplicates: true });
  const byEmail = await db.user.findUnique({ where: { email: ASSISTANT_EMAIL }, select: { id: true, isAssistant: true } });
  if (byEmail?.isAssistant) return (cached = byEmail.id);
  // A member registered the address first: the assistant gets one nobody can sign up with.
  const created = await db.user.create({ data: { email: `ai-${crypto.randomBytes(4).toString("hex")}@agora.local`, ...data }, select: { id: true } });
  return (cached = created.id);
}

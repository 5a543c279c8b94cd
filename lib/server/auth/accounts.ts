import "server-only";
import { db, Prisma } from "@/lib/server/db";
import { conflict } from "@/lib/server/errors";
import { charge, chargeInTransaction, refuseIfSpent } from "@/lib/server/rate-limit";
import { hashPassword, verifyDummyPassword, verifyPassword } from "@/lib/server/auth/password";
import { tokenName, viewerSelect, type Viewer } from "@/lib/server/auth/session";
import { issueVerificationEmail } from "@/lib/server/auth/email-tokens";
import { roleForNewAccount } from "@/lib/server/auth/admin-emails";
import { signInSchema, type RegisterInput } from "@/lib/validation/auth";
import type { Locale } from "@/lib/i18n/locales";

/** The 409 message of POST /api/register (DECISIONS.md section 3). */
export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists";

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/**
 * Creates a member with an e-mail and password. Requests for one e-mail are serialized by an
 * advisory lock, so identical concurrent registrations create one account and the rest get 409;
 * the per-IP limit is charged only for accounts actually created, in the creating transaction
 * (429 once it is used up, however many arrive at once). `options.locale` is the language the
 * sign-up request stated (lib/server/i18n/server-texts.ts statedLocale), kept as
 * preferences.signupLocale: the language of the member's e-mails until they choose one.
 */
export async function registerUser(input: RegisterInput, ip: string, options: { locale?: Locale | null } = {}): Promise<Viewer> {
  await refuseIfSpent("register", ip); // spare the password hash once the address is spent
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`register:${input.email}`}, 0))`;
        const existing = await tx.user.findUnique({ where: { email: input.email }, select: { id: true } });
        if (existing) throw conflict(EMAIL_TAKEN_MESSAGE);
        await chargeInTransaction(tx, "register", ip); // 429, and nothing is created
        const user = await tx.user.create({
          data: {
            email: input.email,
            passwordHash,
            firstName: input.firstName ?? null,
            lastName: input.lastName ?? null,
            role: roleForNewAccount(input.email),
            // The language the request stated (cookie or Accept-Language), kept apart from the member's own choice
            // (preferences.language): it only chooses the language of their e-mails until they choose one (issue 15).
            ...(options.locale ? { preferences: { signupLocale: options.locale } } : {}),
          },
          select: viewerSelect,
        });
        await issueVerificationEmail(tx, user); // the address is unverified until its link is opened
        return user;
      },
      { maxWait: 15_000, timeout: 15_000 },
    );
  } catch (error) {
    // Still possible when another path (an OAuth sign-up) creates the same e-mail at that moment.
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}

/** What next-auth keeps of a member who signed in. */
export interface AuthorizedUser {
  id: string;
  email: string;
  name: string | null;
}

/**
 * The credentials check behind next-auth's authorize: at most 6 attempts a minute per IP
 * (429), then the member whose e-mail and password match, or null. Unknown e-mails cost the
 * same time as wrong passwords, and the assistant account never signs in.
 */
export async function authorizeCredentials(
  credentials: { email?: unknown; password?: unknown } | undefined,
  ip: string,
): Promise<AuthorizedUser | null> {
  await charge("signIn", ip);
  const parsed = signInSchema.safeParse(credentials ?? {});
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, email: true, firstName: true, lastName: true, passwordHash: true, isAssistant: true },
  });
  if (!user?.passwordHash) return verifyDummyPassword(password).then(() => null);
  const ok = await verifyPassword(password, user.passwordHash);
  if (!ok || user.isAssistant) return null;
  return { id: user.id, email: user.email, name: tokenName(user) };
}

/** An identity an OAuth or OpenID Connect provider vouched for. */
export interface OAuthIdentity {
  provider: string;
  providerAccountId: string;
  email?: string | null;
  /** Whether the provider says it verified the e-mail; unverified e-mails never link or create accounts. */
  emailVerified: boolean;
  name?: string | null;
  image?: string | null;
}

function splitName(name: string | null | undefined): { firstName: string | null; lastName: string | null } {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return { firstName: null, lastName: null };
  return { firstName: parts[0]!.slice(0, 100), lastName: parts.slice(1).join(" ").slice(0, 100) || null };
}

const safeImage = (url: string | null | undefined) => (url && /^https:\/\//.test(url) && url.length <= 2048 ? url : null);

/** Why an OAuth sign-in was refused: next-auth's error code on /login (components/auth/sign-in-errors.ts). */
export type OAuthRefusal = "EmailNotVerified" | "OAuthAccountNotVerified" | "AccessDenied";

/**
 * The member an OAuth sign-in belongs to: the one already linked to this provider account, else
 * the one with the same address, linked now only when that member verified the address (else
 * refused with OAuthAccountNotVerified: whoever registered it may not be its owner, and joining
 * would let their password into the owner's account), else a new member whose address counts as
 * verified (the provider vouched for it). Refused with EmailNotVerified when the provider does
 * not vouch for the address, AccessDenied for the assistant account.
 */
export async function resolveOAuthUser(identity: OAuthIdentity): Promise<{ id: string } | { refused: OAuthRefusal }> {
  const key = { provider: identity.provider, providerAccountId: identity.providerAccountId };
  const linked = await db.account.findUnique({
    where: { provider_providerAccountId: key },
    select: { user: { select: { id: true, isAssistant: true } } },
  });
  if (linked) return linked.user.isAssistant ? { refused: "AccessDenied" } : { id: linked.user.id };

  const email = identity.email?.trim().toLowerCase();
  if (!email || !identity.emailVerified || email.length > 254) return { refused: "EmailNotVerified" };

  const userSelect = { id: true, isAssistant: true, emailVerifiedAt: true } as const;
  let user = await db.user.findUnique({ where: { email }, select: userSelect });
  if (!user) {
    try {
      user = await db.user.create({
        data: { email, ...splitName(identity.name), profileImageUrl: safeImage(identity.image), emailVerifiedAt: new Date(), role: roleForNewAccount(email) },
        select: userSelect,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      user = await db.user.findUnique({ where: { email }, select: userSelect });
    }
  }
  if (!user || user.isAssistant) return { refused: "AccessDenied" };
  if (!user.emailVerifiedAt) return { refused: "OAuthAccountNotVerified" };

  try {
    await db.account.create({ data: { ...key, userId: user.id } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Linked by a concurrent sign-in: use whatever it linked to.
    const again = await db.account.findUnique({ where: { provider_providerAccountId: key }, select: { userId: true } });
    return again ? { id: again.userId } : { refused: "AccessDenied" };
  }
  return { id: user.id };
}

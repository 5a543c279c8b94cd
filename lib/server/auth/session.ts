import "server-only";
import crypto from "node:crypto";
import { cache } from "react";
import { cookies } from "next/headers";
import { encode, type JWT } from "next-auth/jwt";
import { jwtDecrypt } from "jose";
import { db, Prisma } from "@/lib/server/db";
import { unauthorized } from "@/lib/server/errors";
import { assertNotSuspended } from "@/lib/server/policy";
import { visibleNotificationsSql } from "@/lib/server/notifications/queries";
import { isSessionCookieName, SECURE_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/server/auth/cookie-names";
import { noteActivity } from "@/lib/server/users/activity";

/*
 * Server-side sessions behind next-auth's JWT cookie (DECISIONS.md section 3). The cookie is
 * next-auth's own encrypted token carrying `sub` (the user id) and `sid`; the `sessions` row
 * named by `sid` is what makes it valid, so deleting the row, or bumping the member's
 * sessionVersion, signs that browser out on its next request.
 */

/** How long a session lasts: next-auth's default, 30 days. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** next-auth's session cookie names (lib/server/auth/cookie-names.ts). */
export { SECURE_SESSION_COOKIE, SESSION_COOKIE };

/** The secret that encrypts session tokens; throws one clear line when NEXTAUTH_SECRET is missing. */
export function authSecret(): string {
  const secret = process.env.NEXTAUTH_SECRET?.trim();
  if (!secret) {
    throw new Error("NEXTAUTH_SECRET is not set: start Agora with `npm start`, which provides one, or set it (openssl rand -base64 32).");
  }
  return secret;
}

/** The columns of the signed-in member that pages and handlers get: what presentCurrentUser needs, no secrets. */
export const viewerSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  profileImageUrl: true,
  bio: true,
  website: true,
  socialLinks: true,
  city: true,
  country: true,
  notificationSettings: true,
  privacySettings: true,
  preferences: true,
  isAssistant: true,
  role: true,
  reputation: true,
  suspendedUntil: true,
  suspensionReason: true,
  emailVerifiedAt: true,
  // Read with the session so the activity record (lib/server/users/activity.ts) costs no statement while fresh.
  lastActiveAt: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.UserSelect;

/** The signed-in member (never the password hash), with their stored preferences. */
export type Viewer = Prisma.UserGetPayload<{ select: typeof viewerSelect }>;

/** A page render's session: the member, and the top bar's unread notification count read with it. */
export interface PageSession {
  viewer: Viewer;
  unreadCount: number;
}

/** What the session token carries, exactly as the next-auth `jwt` callback writes it at sign-in. */
export interface SessionTokenClaims {
  sub: string;
  sid: string;
  email: string;
  name: string | null;
}

/** The `name` next-auth keeps in its token: first and last name, or null. */
export function tokenName(user: { firstName: string | null; lastName: string | null }): string | null {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || null;
}

/**
 * Creates the `sessions` row of a new sign-in and returns the token claims naming it.
 * Throws 401 for an unknown user or the assistant account, which never signs in.
 */
export async function openSession(userId: string, userAgent?: string | null): Promise<SessionTokenClaims> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, firstName: true, lastName: true, sessionVersion: true, isAssistant: true },
  });
  if (!user || user.isAssistant) throw unauthorized();
  const sid = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  await Promise.all([
    db.session.create({
      data: {
        sid,
        userId: user.id,
        sess: { sessionVersion: user.sessionVersion, ...(userAgent ? { userAgent: userAgent.slice(0, 300) } : {}) },
        expire: new Date(now + SESSION_MAX_AGE_SECONDS * 1000),
      },
    }),
    // Sweep this member's expired sessions while we are here.
    db.session.deleteMany({ where: { userId: user.id, expire: { lt: new Date(now) } } }),
  ]);
  return { sub: user.id, sid, email: user.email, name: tokenName(user) };
}

/**
 * True when session cookies must be Secure: NEXTAUTH_URL is https when it is set (next-auth
 * decides its cookie names the same way, so both agree), else the request arrived over https
 * (directly or, per X-Forwarded-Proto, through a proxy).
 */
export function isSecureRequest(req: Request): boolean {
  const configured = process.env.NEXTAUTH_URL?.trim();
  if (configured) return configured.toLowerCase().startsWith("https://");
  const forwarded = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  if (forwarded) return forwarded === "https";
  try {
    return new URL(req.url).protocol === "https:";
  } catch {
    return false;
  }
}

function serializeCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  const expires = new Date(maxAgeSeconds > 0 ? Date.now() + maxAgeSeconds * 1000 : 0).toUTCString();
  return [
    `${name}=${value}`,
    "Path=/",
    `Expires=${expires}`,
    `Max-Age=${maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * Signs a member in outside next-auth's own routes (e.g. right after registering): creates the
 * session row and returns its sid and the Set-Cookie string of next-auth's session cookie,
 * which next-auth itself accepts.
 */
export async function createSession(userId: string, req: Request): Promise<{ sid: string; cookie: string }> {
  const claims = await openSession(userId, req.headers.get("user-agent"));
  const value = await encode({ token: { ...claims }, secret: authSecret(), maxAge: SESSION_MAX_AGE_SECONDS });
  const secure = isSecureRequest(req);
  return { sid: claims.sid, cookie: serializeCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, value, SESSION_MAX_AGE_SECONDS, secure) };
}

/** Deletes one session (sign-out); its cookie stops working at once. */
export async function destroySession(sid: string): Promise<void> {
  await db.session.deleteMany({ where: { sid } });
}

/** Signs a member out everywhere (password change, account deletion): deletes the rows and bumps sessionVersion. */
export async function revokeAllSessions(userId: string): Promise<void> {
  await db.$transaction([
    db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } }),
    db.session.deleteMany({ where: { userId } }),
  ]);
}

/** The cookies of a Cookie header, values URL-decoded where they can be. */
export function parseCookieHeader(header: string | null): { name: string; value: string }[] {
  if (!header) return [];
  return header.split(";").flatMap((part) => {
    const index = part.indexOf("=");
    if (index < 0) return [];
    const name = part.slice(0, index).trim();
    let value = part.slice(index + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep the raw value
    }
    return name ? [{ name, value }] : [];
  });
}

const sessionCookieNames = (all: { name: string }[]) =>
  all.map((c) => c.name).filter(isSessionCookieName);

/** Set-Cookie strings that delete next-auth's session cookie under both names (and any chunks the request carries). */
export function clearSessionCookies(req?: Request): string[] {
  const names = new Set([SESSION_COOKIE, SECURE_SESSION_COOKIE]);
  if (req) for (const name of sessionCookieNames(parseCookieHeader(req.headers.get("cookie")))) names.add(name);
  return [...names].map((name) => serializeCookie(name, "", 0, name.startsWith("__Secure-")));
}

/** The raw session token among a request's cookies (next-auth splits large ones into .0, .1, ... chunks). */
function sessionTokenFrom(all: { name: string; value: string }[]): string | null {
  for (const base of [SECURE_SESSION_COOKIE, SESSION_COOKIE]) {
    const whole = all.find((c) => c.name === base);
    if (whole?.value) return whole.value;
    const chunks = all
      .filter((c) => c.name.startsWith(`${base}.`) && /^\d+$/.test(c.name.slice(base.length + 1)))
      .sort((a, b) => Number(a.name.slice(base.length + 1)) - Number(b.name.slice(base.length + 1)));
    if (chunks.length) return chunks.map((c) => c.value).join("");
  }
  return null;
}

/**
 * The key next-auth encrypts session tokens with (`next-auth/jwt`'s getDerivedEncryptionKey: HKDF
 * of the secret, empty salt), derived once per secret rather than on every request as next-auth's
 * own `decode` does (about 1 ms of a core per member request, issue 18).
 */
let derivedKey: { secret: string; key: Uint8Array } | null = null;
function encryptionKey(secret: string): Uint8Array {
  if (derivedKey?.secret !== secret) {
    derivedKey = { secret, key: new Uint8Array(crypto.hkdfSync("sha256", secret, "", "NextAuth.js Generated Encryption Key", 32)) };
  }
  return derivedKey.key;
}

/** Only the algorithms next-auth encrypts with: a token wrapped any other way under the same key is not ours. */
const DECRYPT_OPTIONS = { clockTolerance: 15, keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256GCM"] };

/** Decodes a session token (next-auth's JWE: dir, A256GCM); null when it is missing, forged, expired or not one of ours. */
export async function decodeSessionToken(token: string | null | undefined): Promise<{ sub: string; sid: string } | null> {
  if (!token || token.length > 16_000) return null;
  let payload: JWT | null;
  try {
    payload = (await jwtDecrypt(token, encryptionKey(authSecret()), DECRYPT_OPTIONS)).payload as JWT;
  } catch {
    return null;
  }
  if (!payload || typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
  return { sub: payload.sub, sid: payload.sid };
}

/** The session row and its member as the session check reads them (one row). */
type SessionRead = { userId: string; expire: Date; sess: unknown; user: Viewer & { sessionVersion: number } };

/** The member of a session read, when the session is still valid for these claims (see viewerForSession). */
function validViewer(claims: { sub: string }, row: SessionRead | null): Viewer | null {
  if (!row || row.userId !== claims.sub || row.expire.getTime() <= Date.now()) return null;
  const version = (row.sess as { sessionVersion?: unknown } | null)?.sessionVersion;
  const { sessionVersion, ...viewer } = row.user;
  if (version !== sessionVersion || viewer.isAssistant) return null;
  return viewer;
}

/**
 * The member a decoded token belongs to, in one query: valid only while its sessions row
 * exists, has not expired, belongs to the same user and carries the user's current sessionVersion.
 */
export async function viewerForSession(claims: { sub: string; sid: string }): Promise<Viewer | null> {
  const row = await db.session.findUnique({
    where: { sid: claims.sid },
    select: { userId: true, expire: true, sess: true, user: { select: { ...viewerSelect, sessionVersion: true } } },
  });
  return validViewer(claims, row);
}

/** A column of `users` under Prisma's naming (every field of the model is its snake_case column). */
export function userColumnOf(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

// viewerSelect's fields (and the session version) as SQL columns of `users u`, for the page render's
// raw session read: derived from viewerSelect, so both reads always return the same member.
const viewerColumnsSql = Prisma.raw(
  [...Object.keys(viewerSelect), "sessionVersion"].map((field) => `u.${userColumnOf(field)} AS "${field}"`).join(", "),
);

/**
 * viewerForSession for a page render, with the top bar's unread notification count in the same
 * statement (a scalar subquery under countUnreadNotifications' exact conditions, the visibility
 * of the notification's question included): every member page shows the count, and a round
 * trip costs the one shared core more than the subquery.
 */
export async function viewerForPageSession(claims: { sub: string; sid: string }): Promise<PageSession | null> {
  // The membership test of the visibility condition uses the token's user id: a row of another user is refused below anyway.
  const [raw] = await db.$queryRaw<(Omit<SessionRead, "user"> & SessionRead["user"] & { sessionUserId: string; unreadCount: number })[]>`
    SELECT s.user_id AS "sessionUserId", s.expire, s.sess, ${viewerColumnsSql},
           (SELECT count(*)::int FROM notifications n
             WHERE n.user_id = s.user_id AND NOT n.is_read AND ${visibleNotificationsSql({ id: claims.sub }, "n")}) AS "unreadCount"
      FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.sid = ${claims.sid}`;
  if (!raw) return null;
  const { sessionUserId, expire, sess, unreadCount, ...user } = raw;
  const viewer = validViewer(claims, { userId: sessionUserId, expire, sess, user });
  return viewer ? { viewer, unreadCount } : null;
}

/** The decoded session cookie of a request (its user id and sid), or null; the database is not consulted. */
export async function sessionFromRequest(req: Request): Promise<{ sub: string; sid: string } | null> {
  return decodeSessionToken(sessionTokenFrom(parseCookieHeader(req.headers.get("cookie"))));
}

async function viewerFromCookies(all: { name: string; value: string }[]): Promise<Viewer | null> {
  const claims = await decodeSessionToken(sessionTokenFrom(all));
  const viewer = claims ? await viewerForSession(claims) : null;
  if (viewer) noteActivity(viewer); // after the response, at most once per 5 minutes
  return viewer;
}

/**
 * The current request's session in a server component, or null: one check per render, however
 * many components ask, with the top bar's unread count in the same statement.
 */
export const getPageSession = cache(async (): Promise<PageSession | null> => {
  const claims = await decodeSessionToken(sessionTokenFrom((await cookies()).getAll()));
  const session = claims ? await viewerForPageSession(claims) : null;
  if (session) noteActivity(session.viewer); // after the response, at most once per 5 minutes
  return session;
});

/**
 * The signed-in member, or null. With a Request, reads its Cookie header (route handlers,
 * testable outside Next); without, the current request's cookies (server components).
 */
export async function getViewer(req?: Request): Promise<Viewer | null> {
  if (req) return viewerFromCookies(parseCookieHeader(req.headers.get("cookie")));
  return (await getPageSession())?.viewer ?? null;
}

/**
 * The signed-in member, or a 401 "Unauthorized" error. With a Request whose method writes
 * (POST, PUT, PATCH, DELETE), a suspended member gets 403 `Your account is suspended until
 * {date}.` (code "suspended") right here, before any other check: the one place the
 * suspension is enforced for every write route (docs/SECURITY.md, "Suspended members").
 * `whileSuspended: "allowed"` lets the few writes docs/SECURITY.md lists through.
 */
export async function requireViewer(req?: Request, options: { whileSuspended?: "allowed" } = {}): Promise<Viewer> {
  const viewer = await getViewer(req);
  if (!viewer) throw unauthorized();
  if (req && options.whileSuspended !== "allowed") assertNotSuspended(viewer, req.method);
  return viewer;
}

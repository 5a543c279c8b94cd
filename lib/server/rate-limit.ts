import "server-only";
import pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { db, Prisma } from "@/lib/server/db";
import { rateLimited } from "@/lib/server/errors";
import { isPeerAddressStamped, PEER_ADDRESS_HEADER } from "@/lib/server/peer-address";
import { SIGN_IN_THROTTLED_MESSAGE } from "@/lib/validation/auth";

/*
 * Every rate limit of DECISIONS.md section 8 in one table: how many points per window, and
 * the message a 429 carries. Counters live in Postgres (table rate_limits, created by the
 * first migration in rate-limiter-flexible's own layout), so they hold across instances.
 */
const limits = {
  /** Sign-in attempts per IP (Discourse: 6 a minute). */
  signIn: { points: 6, duration: 60, message: SIGN_IN_THROTTLED_MESSAGE },
  /** Accounts created per IP. */
  register: { points: 10, duration: 60 * 60, message: "Too many accounts were created from your network. Please try again later." },
  /** Questions per member: at least 15 seconds apart. */
  questionInterval: { points: 1, duration: 15, message: "Please wait a few seconds before asking another question." },
  /** Questions per member per day. */
  questionDaily: { points: 20, duration: 24 * 60 * 60, message: "You can ask at most 20 questions a day. Please try again tomorrow." },
  /** Votes per member per day. */
  voteDaily: { points: 40, duration: 24 * 60 * 60, message: "You can vote at most 40 times a day. Please try again tomorrow." },
  /** AI generations (custom-prompt previews) per member per hour. */
  aiHourly: { points: 20, duration: 60 * 60, message: "You have used your AI answers for this hour. Please try again later." },
  /** Image uploads per member per hour. */
  uploadHourly: { points: 30, duration: 60 * 60, message: "You have uploaded many images this hour. Please try again later." },
  /** Group invitations sent per member per hour (each one notifies someone). */
  groupInviteHourly: { points: 30, duration: 60 * 60, message: "You have sent many invitations this hour. Please try again later." },
  /** Password-change attempts per member per hour (each one checks the current password). */
  passwordChange: { points: 10, duration: 60 * 60, message: "Too many password attempts. Please try again later." },
} satisfies Record<string, { points: number; duration: number; message: string }>;

export type LimiterName = keyof typeof limits;

/** The limits table, read-only (for tests and for messages shown ahead of time). */
export const rateLimits: Readonly<Record<LimiterName, { points: number; duration: number; message: string }>> = limits;

let pool: pg.Pool | undefined;
const limiters = new Map<LimiterName, RateLimiterPostgres>();

function storePool(): pg.Pool {
  if (pool) return pool;
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error("DATABASE_URL is not set: start Agora with `npm start`, which provides a database, or set it.");
  }
  // A small pool of its own: the limiter speaks plain SQL, beside Prisma's pool.
  pool = new pg.Pool({ connectionString, max: 3, idleTimeoutMillis: 10_000, allowExitOnIdle: true });
  pool.on("error", (error) => console.error("Rate-limit pool error:", error.message));
  return pool;
}

function limiter(name: LimiterName): RateLimiterPostgres {
  let found = limiters.get(name);
  if (found) return found;
  const { points, duration } = limits[name];
  found = new RateLimiterPostgres({
    storeClient: storePool(),
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true,
    keyPrefix: name,
    points,
    duration,
    // One limiter sweeping expired rows is enough: they all share the table.
    clearExpiredByTimeout: limiters.size === 0,
    // If Postgres is unreachable, limit per instance rather than fail every request.
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }),
  });
  limiters.set(name, found);
  return found;
}

// Keys are IPs or user ids; the column is varchar(255) including the "name:" prefix.
const storeKey = (key: string) => key.slice(0, 200);

const secondsOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** Spends points of a limit for a key (an IP or a member id); throws 429 with Retry-After when none are left. */
export async function consume(name: LimiterName, key: string, points = 1): Promise<void> {
  try {
    await limiter(name).consume(storeKey(key), points);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw rateLimited(secondsOf(rejection), limits[name].message);
    throw rejection;
  }
}

/** Throws 429 when a key has no points left, without spending any (for limits charged only on success). */
export async function assertUnderLimit(name: LimiterName, key: string): Promise<void> {
  const seconds = await retryAfterSeconds(name, key);
  if (seconds !== null) throw rateLimited(seconds, limits[name].message);
}

/** Seconds until a key may act again under a limit, or null when it still has points. */
export async function retryAfterSeconds(name: LimiterName, key: string): Promise<number | null> {
  const res = await limiter(name).get(storeKey(key));
  if (!res || res.consumedPoints < limits[name].points) return null;
  return secondsOf(res);
}

/**
 * Several limits of one action in a single statement (one round trip, on Prisma's pool rather
 * than the limiter's own three connections), with exactly the semantics of
 *
 *   for (const name of check) await assertUnderLimit(name, key);
 *   for (const name of spend) await consume(name, key);
 *
 * on rate-limiter-flexible's own rows (same keys, same upsert, same expiry in epoch ms), so
 * retryAfterSeconds, resetLimit and refund keep working on them: nothing is spent when a
 * `check` limit is already used up; each `spend` limit is charged a point only when the one
 * before it was not exceeded, and the first exceeded one answers the 429 with its message and
 * Retry-After. The upsert locks the row (ON CONFLICT DO UPDATE), so concurrent requests are
 * counted one after the other and the limit holds under races, as with consume().
 * Unlike consume(), a database failure is not covered by the in-memory insurance limiter: the
 * action this guards writes to the same database and would fail as well.
 */
export async function consumeInOrder(key: string, { check, spend }: { check: readonly LimiterName[]; spend: readonly LimiterName[] }): Promise<void> {
  if (spend.length === 0) throw new Error("consumeInOrder: nothing to spend");
  const now = Date.now();
  const rlKey = (name: LimiterName) => `${name}:${storeKey(key)}`;
  const nowMs = Prisma.sql`${now}::bigint`;
  const steps = spend.map((name, i) => {
    const gate =
      i === 0
        ? check.length === 0
          ? Prisma.sql`SELECT 1`
          : Prisma.sql`SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM used WHERE used.points >= used.max)`
        : Prisma.sql`SELECT 1 FROM s${Prisma.raw(String(i - 1))} WHERE points <= ${limits[spend[i - 1]!].points}::int`;
    // rate-limiter-flexible's upsert (RateLimiterPostgres._upsert), gated on the step before.
    return Prisma.sql`s${Prisma.raw(String(i))} AS (
      INSERT INTO rate_limits (key, points, expire)
      SELECT ${rlKey(name)}::varchar, 1, ${now + limits[name].duration * 1000}::bigint FROM (${gate}) AS gate
      ON CONFLICT (key) DO UPDATE SET
        points = CASE WHEN rate_limits.expire <= ${nowMs} THEN 1 ELSE rate_limits.points + 1 END,
        expire = CASE WHEN rate_limits.expire <= ${nowMs} THEN EXCLUDED.expire ELSE rate_limits.expire END
      RETURNING key, points, expire
    )`;
  });
  // What assertUnderLimit reads (RateLimiterPostgres._get): unexpired rows of the checked limits.
  const checked = check.length === 0 ? Prisma.sql`SELECT NULL::varchar AS key, 0 AS max WHERE false` : Prisma.join(check.map((name) => Prisma.sql`SELECT ${rlKey(name)}::varchar AS key, ${limits[name].points}::int AS max`), " UNION ALL ");
  const rows = await db.$queryRaw<{ step: string; key: string; points: number; expire: number | null }[]>`
    WITH wanted AS (${checked}),
    used AS (
      SELECT r.key, r.points, r.expire, w.max FROM rate_limits r JOIN wanted w ON w.key = r.key
       WHERE r.expire > ${nowMs} OR r.expire IS NULL
    ),
    ${Prisma.join(steps, ",\n")}
    SELECT 'check' AS step, key, points, expire::float8 AS expire FROM used
    ${Prisma.join(spend.map((_, i) => Prisma.sql`UNION ALL SELECT 'spend', key, points, expire::float8 FROM s${Prisma.raw(String(i))}`), "\n")}`;
  const found = (step: string, name: LimiterName) => rows.find((row) => row.step === step && row.key === rlKey(name));
  const reject = (name: LimiterName, expire: number | null) => {
    const msBeforeNext = expire === null ? -1 : Math.max(expire - Date.now(), 0);
    return rateLimited(Math.max(1, Math.ceil(msBeforeNext / 1000)), limits[name].message);
  };
  for (const name of check) {
    const row = found("check", name);
    if (row && row.points >= limits[name].points) throw reject(name, row.expire);
  }
  for (const name of spend) {
    const row = found("spend", name);
    if (!row) throw new Error(`consumeInOrder: ${name} was not charged`); // cannot happen: the step before it passed
    if (row.points > limits[name].points) throw reject(name, row.expire);
  }
}

/** Gives points back to a key (an attempt that should not count after all). */
export async function refund(name: LimiterName, key: string, points = 1): Promise<void> {
  await limiter(name).reward(storeKey(key), points);
}

/** Forgets a key's usage of a limit (e.g. in tests). */
export async function resetLimit(name: LimiterName, key: string): Promise<void> {
  await limiter(name).delete(storeKey(key));
}

/** Closes the limiter's database pool (tests and graceful shutdown). */
export async function closeRateLimitStore(): Promise<void> {
  const closing = pool;
  pool = undefined;
  limiters.clear();
  await closing?.end();
}

type HeaderSource = Request | Headers | Record<string, string | string[] | undefined>;

function header(source: HeaderSource, name: string): string | undefined {
  if (source instanceof Request) return source.headers.get(name) ?? undefined;
  if (source instanceof Headers) return source.get(name) ?? undefined;
  const value = source[name] ?? source[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** TRUST_PROXY: how many proxies in front of Agora append to X-Forwarded-For (0 to 10, default 0). */
export function trustedProxyHops(): number {
  const raw = process.env.TRUST_PROXY?.trim();
  return raw && /^\d{1,2}$/.test(raw) ? Math.min(Number(raw), 10) : 0;
}

/**
 * The client's IP for per-IP limits. The chain is X-Forwarded-For followed by the connection's
 * own peer address (lib/server/peer-address.ts); each of the TRUST_PROXY proxies appended the
 * address it saw, so the client is that many entries from the right. With the default 0,
 * whatever a client wrote in X-Forwarded-For is ignored. Where this process does not stamp the
 * peer address (serverless platforms, route handlers called directly), the chain's last entry
 * stands for it. Falls back to X-Real-IP, then "local".
 */
export function clientIp(source: HeaderSource): string {
  const forwarded = (header(source, "x-forwarded-for") ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  const peer = isPeerAddressStamped() ? header(source, PEER_ADDRESS_HEADER)?.trim() : undefined;
  const chain = peer ? [...forwarded, peer] : forwarded;
  const address = chain[Math.max(0, chain.length - 1 - trustedProxyHops())] ?? header(source, "x-real-ip")?.trim();
  return address ? address.slice(0, 100) : "local";
}

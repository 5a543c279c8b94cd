import "server-only";
import pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { db, Prisma } from "@/lib/server/db";
import { rateLimited } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { isPeerAddressStamped, PEER_ADDRESS_HEADER } from "@/lib/server/peer-address";
import { SIGN_IN_THROTTLED_MESSAGE } from "@/lib/validation/auth";

/** Whom a limit counts: the client's address (clientIp), the signed-in member's id, or an e-mail address typed into a form. */
export type LimitKey = "ip" | "member" | "email";

/** One limit: its allowance, whom it counts, where its default comes from, and its 429 message. */
export interface LimitSpec {
  points: number;
  /** The window in seconds. */
  duration: number;
  key: LimitKey;
  /** Where the default allowance comes from. */
  source: string;
  message: string;
}

/*
 * Every rate limit of Agora, in this one table (DECISIONS.md section 8, docs/SECURITY.md section
 * 6): callers charge a limit by its name with the functions below and nothing else. Counters live
 * in Postgres (table rate_limits, created by the first migration in rate-limiter-flexible's own
 * layout), so they hold across instances. A limit guarding a write that must never exceed its
 * allowance under concurrent requests is charged inside the write's transaction
 * (chargeInTransaction: check and charge in one statement, undone with the write); the others are
 * charged by the route before the work (charge, chargeInOrder).
 */
const limits = {
  signIn: { points: 6, duration: 60, key: "ip", source: "Discourse: max_logins_per_ip_per_minute", message: SIGN_IN_THROTTLED_MESSAGE },
  register: {
    points: 10, duration: 60 * 60, key: "ip", source: "Agora (DECISIONS.md section 8: mass sign-ups)",
    message: "Too many accounts were created from your network. Please try again later.",
  },
  questionInterval: {
    points: 1, duration: 15, key: "member", source: "Discourse: rate_limit_create_topic (15 s)",
    message: "Please wait a few seconds before asking another question.",
  },
  questionDaily: {
    points: 20, duration: 24 * 60 * 60, key: "member", source: "Discourse: max_topics_per_day (20)",
    message: "You can ask at most 20 questions a day. Please try again tomorrow.",
  },
  voteDaily: {
    points: 40, duration: 24 * 60 * 60, key: "member", source: "Discourse: max_likes_per_day (40)",
    message: "You can vote at most 40 times a day. Please try again tomorrow.",
  },
  aiHourly: {
    points: 20, duration: 60 * 60, key: "member", source: "Agora (DECISIONS.md section 8: hourly AI quota)",
    message: "You have used your AI answers for this hour. Please try again later.",
  },
  // Issue 17: the model's suggestions on a draft in the Ask dialog (short, so not taken from the AI answers above).
  aiCoachHourly: {
    points: 60, duration: 60 * 60, key: "member", source: "Agora (draft coaching: one short model call per pause in typing)",
    message: "You have asked the AI for many suggestions this hour. Please try again later.",
  },
  uploadHourly: {
    points: 30, duration: 60 * 60, key: "member", source: "Agora (storage cost)",
    message: "You have uploaded many images this hour. Please try again later.",
  },
  groupInviteHourly: {
    points: 30, duration: 60 * 60, key: "member", source: "Agora (each invitation notifies someone)",
    message: "You have sent many invitations this hour. Please try again later.",
  },
  searchVisitor: {
    points: 30, duration: 60, key: "ip", source: "Agora (full-text search is the costliest read; members are not limited)",
    message: "Too many searches from your network. Please wait a minute and try again.",
  },
  passwordChange: {
    points: 10, duration: 60 * 60, key: "member", source: "Agora (guessing the current password)",
    message: "Too many password attempts. Please try again later.",
  },
  // E-mail verification and password reset (lib/server/auth/email-tokens.ts).
  verificationResend: {
    points: 5, duration: 60 * 60, key: "member", source: "Agora (each resend is an e-mail; Discourse limits activation e-mails per hour as well)",
    message: "We sent several verification e-mails this hour. Please check your inbox (and spam folder), or try again later.",
  },
  passwordResetIp: {
    points: 6, duration: 60 * 60, key: "ip", source: "Discourse: forgot-password-hr (6 an hour per IP)",
    message: "Too many password reset requests from your network. Please try again later.",
  },
  passwordResetEmail: {
    points: 3, duration: 60 * 60, key: "email", source: "Agora (one inbox is not flooded; counted for every address typed, known or not)",
    message: "We already sent several reset links to that address this hour. Please check your inbox, or try again later.",
  },
  emailLinkRedeem: {
    points: 20, duration: 60 * 60, key: "ip", source: "Agora (bounds the password hashing of resets; guessing a 256-bit token is hopeless anyway)",
    message: "Too many attempts with e-mailed links from your network. Please try again later.",
  },
  flagDaily: {
    points: 20, duration: 24 * 60 * 60, key: "member", source: "Discourse: max_flags_per_day (20)",
    message: "You can flag at most 20 posts a day. Please try again tomorrow.",
  },
  reviewActionHourly: {
    points: 300, duration: 60 * 60, key: "member", source: "Agora (a runaway script on a moderator's account)",
    message: "You have taken many review actions this hour. Please try again later.",
  },
  closeVoteDaily: {
    points: 50, duration: 24 * 60 * 60, key: "member", source: "Stack Overflow (close votes a day: 24, up to 50 with reputation)",
    message: "You can vote to close or reopen at most 50 times a day. Please try again tomorrow.",
  },
  memberActionHourly: {
    points: 60, duration: 60 * 60, key: "member", source: "Agora (suspensions, spammer deletions and role changes: a runaway script or a stolen staff account)",
    message: "You have taken many actions on members this hour. Please try again later.",
  },
  // --- Issue 14 (new members and spam): every other write; docs/SECURITY.md section 6 names the sources. ---
  answerDaily: {
    points: 100, duration: 24 * 60 * 60, key: "member", source: "Agora (Discourse: rate_limit_create_post, 5 s between posts, kept as a daily ceiling)",
    message: "You can post at most 100 answers a day. Please try again tomorrow.",
  },
  // Issue 16: verdicts on AI answers, charged in the verdict's transaction when it changes something.
  verdictDaily: {
    points: 60, duration: 24 * 60 * 60, key: "member", source: "Agora (verdicts on AI answers: as many as votes and flags together)",
    message: "You can give at most 60 verdicts on AI answers a day. Please try again tomorrow.",
  },
  answerNewMemberDaily: {
    points: 10, duration: 24 * 60 * 60, key: "member", source: "Discourse: max_replies_in_first_day (10)",
    message: "New members can post at most 10 answers a day. Please try again tomorrow.",
  },
  commentDaily: {
    points: 200, duration: 24 * 60 * 60, key: "member", source: "Agora (comments are short: twice the answers' ceiling)",
    message: "You can post at most 200 comments a day. Please try again tomorrow.",
  },
  commentNewMemberDaily: {
    points: 20, duration: 24 * 60 * 60, key: "member", source: "Agora (twice Discourse's max_replies_in_first_day, since comments are short)",
    message: "New members can post at most 20 comments a day. Please try again tomorrow.",
  },
  tagCreateDaily: {
    points: 10, duration: 24 * 60 * 60, key: "member", source: "Agora (Discourse lets only trust level 3 create tags: min_trust_to_create_tag)",
    message: "You can create at most 10 tags a day. Please try again tomorrow.",
  },
  groupCreateDaily: {
    points: 5, duration: 24 * 60 * 60, key: "member", source: "Agora (a group is a page of its own that search engines see)",
    message: "You can create at most 5 groups a day. Please try again tomorrow.",
  },
  groupJoinRequestDaily: {
    points: 20, duration: 24 * 60 * 60, key: "member", source: "Agora (each request notifies a group's creator; Discourse: max_invites_per_day 10 is the like of it)",
    message: "You can ask to join at most 20 groups a day. Please try again tomorrow.",
  },
  userFollowDaily: {
    points: 50, duration: 24 * 60 * 60, key: "member", source: "Agora (each follow notifies someone; Discourse: max_likes_per_day 50 is the like of it)",
    message: "You can follow at most 50 members a day. Please try again tomorrow.",
  },
  tagFollowDaily: {
    points: 100, duration: 24 * 60 * 60, key: "member", source: "Agora (Discourse: max_bookmarks_per_day 20 is the like of it; tags notify nobody)",
    message: "You can follow at most 100 tags a day. Please try again tomorrow.",
  },
  categoryFollowDaily: {
    points: 20, duration: 24 * 60 * 60, key: "member", source: "Agora (categories are few and curated; Discourse: max_bookmarks_per_day 20 is the like of it; categories notify nobody)",
    message: "You can follow at most 20 categories a day. Please try again tomorrow.",
  },
  profileEditHourly: {
    points: 30, duration: 60 * 60, key: "member", source: "Agora (a profile is public text: names, bio, links)",
    message: "You have changed your profile many times this hour. Please try again later.",
  },
  emailHourly: {
    points: 20, duration: 60 * 60, key: "member", source: "Discourse: max_emails_per_day_per_user (100 a day), counted here per hour",
    message: "This member has been sent many e-mails this hour.",
  },
  // --- end of issue 14's rows ---
  // Issue 13: suggested edits. Each one asks a reviewer's time, so they are counted per day.
  suggestedEditDaily: {
    points: 20, duration: 24 * 60 * 60, key: "member", source: "Agora (Discourse: max_edits_per_day 30, lowered since each suggestion waits on a reviewer)",
    message: "You can suggest at most 20 edits a day. Please try again tomorrow.",
  },
  suggestedEditNewMemberDaily: {
    points: 5, duration: 24 * 60 * 60, key: "member", source: "Stack Exchange: at most 5 pending suggested edits per member, kept here as a daily allowance for new members",
    message: "New members can suggest at most 5 edits a day. Please try again tomorrow.",
  },
  // Issue 15: direct messages. Each message notifies someone; a new conversation reaches a stranger.
  messageHourly: {
    points: 60, duration: 60 * 60, key: "member", source: "Agora (Discourse: max_private_messages_per_minute 3 per minute, kept as an hourly ceiling for a chat)",
    message: "You have sent many messages this hour. Please try again later.",
  },
  conversationDaily: {
    points: 20, duration: 24 * 60 * 60, key: "member", source: "Agora (Discourse: max_personal_messages_per_day 20: new conversations, the spammer's tool)",
    message: "You can start at most 20 new conversations a day. Please try again tomorrow.",
  },
  userBlockDaily: {
    points: 50, duration: 24 * 60 * 60, key: "member", source: "Agora (a block notifies nobody; the same ceiling as follows, userFollowDaily)",
    message: "You can block at most 50 members a day. Please try again tomorrow.",
  },
} satisfies Record<string, LimitSpec>;

export type LimiterName = keyof typeof limits;

/** The limits table, read-only (for tests and for messages shown ahead of time). */
export const rateLimits: Readonly<Record<LimiterName, LimitSpec>> = limits;

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
  pool.on("error", (error) => log.error({ error: error.message }, "rate-limit pool error"));
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

/** Charges a limit for a key (an IP or a member id, as the table says); throws 429 with Retry-After when none are left. */
export async function charge(name: LimiterName, key: string, points = 1): Promise<void> {
  try {
    await limiter(name).consume(storeKey(key), points);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw rateLimited(secondsOf(rejection), limits[name].message);
    throw rejection;
  }
}

/**
 * Throws 429 when a key has no points left, without charging: a cheap refusal before costly work
 * whose limit is charged later, in its transaction (chargeInTransaction decides under races).
 */
export async function refuseIfSpent(name: LimiterName, key: string): Promise<void> {
  const seconds = await retryAfterSeconds(name, key);
  if (seconds !== null) throw rateLimited(seconds, limits[name].message);
}

/** Seconds until a key may act again under a limit, or null when it still has points. */
export async function retryAfterSeconds(name: LimiterName, key: string): Promise<number | null> {
  const res = await limiter(name).get(storeKey(key));
  if (!res || res.consumedPoints < limits[name].points) return null;
  return secondsOf(res);
}

/** What is left of a key's allowance under a limit: the allowance, the points left, when the window ends (null while unused). */
export interface Allowance {
  limit: number;
  remaining: number;
  resetsAt: Date | null;
}

/** A key's allowance under a limit, read without charging (the AI quota the Generate box shows: GET /api/ai/quota). */
export async function allowanceOf(name: LimiterName, key: string): Promise<Allowance> {
  const limit = limits[name].points;
  const res = await limiter(name).get(storeKey(key));
  if (!res || res.msBeforeNext <= 0) return { limit, remaining: limit, resetsAt: null };
  return { limit, remaining: Math.max(0, limit - res.consumedPoints), resetsAt: new Date(Date.now() + res.msBeforeNext) };
}

/**
 * Several limits of one action in a single statement (one round trip, on Prisma's pool rather
 * than the limiter's own three connections), with exactly the semantics of
 *
 *   for (const name of check) if (await retryAfterSeconds(name, key) !== null) throw 429;
 *   for (const name of spend) await charge(name, key);
 *
 * on rate-limiter-flexible's own rows (same keys, same upsert, same expiry in epoch ms), so
 * retryAfterSeconds, resetLimit and refund keep working on them: nothing is spent when a
 * `check` limit is already used up; each `spend` limit is charged a point only when the one
 * before it was not exceeded, and the first exceeded one answers the 429 with its message and
 * Retry-After. The upsert locks the row (ON CONFLICT DO UPDATE), so concurrent requests are
 * counted one after the other and the limit holds under races, as with charge().
 * Unlike charge(), a database failure is not covered by the in-memory insurance limiter: the
 * action this guards writes to the same database and would fail as well.
 */
export async function chargeInOrder(key: string, { check, spend }: { check: readonly LimiterName[]; spend: readonly LimiterName[] }): Promise<void> {
  if (spend.length === 0) throw new Error("chargeInOrder: nothing to spend");
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
    return Prisma.sql`s${Prisma.raw(String(i))} AS (${upsertSql(name, key, now, gate)})`;
  });
  // What retryAfterSeconds reads (RateLimiterPostgres._get): unexpired rows of the checked limits.
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
    if (!row) throw new Error(`chargeInOrder: ${name} was not charged`); // cannot happen: the step before it passed
    if (row.points > limits[name].points) throw reject(name, row.expire);
  }
}

/**
 * Charges a limit inside a write's transaction, in one statement that counts and reads the new
 * total (rate-limiter-flexible's own upsert, which locks the counter's row until the transaction
 * ends): past the allowance it throws 429, and the transaction is undone with the write, so the
 * check and the charge are one step and concurrent writes can never exceed the allowance.
 */
export async function chargeInTransaction(tx: Pick<typeof db, "$queryRaw">, name: LimiterName, key: string): Promise<void> {
  const now = Date.now();
  const [row] = await tx.$queryRaw<{ points: number; expire: number | null }[]>`
    WITH charged AS (${upsertSql(name, key, now, Prisma.sql`SELECT 1`)})
    SELECT points, expire::float8 AS expire FROM charged`;
  if (!row) throw new Error(`chargeInTransaction: ${name} was not charged`);
  if (row.points > limits[name].points) {
    const msBeforeNext = row.expire === null ? -1 : Math.max(row.expire - Date.now(), 0);
    throw rateLimited(Math.max(1, Math.ceil(msBeforeNext / 1000)), limits[name].message);
  }
}

/**
 * Charges a limit inside a transaction like chargeInTransaction, but answers whether the charge
 * was within the allowance instead of throwing (for work that is skipped rather than refused, such
 * as an e-mail over a member's hourly cap, which is dropped while its cause commits).
 */
export async function chargeInTransactionIfAllowed(tx: Pick<typeof db, "$queryRaw">, name: LimiterName, key: string): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ points: number }[]>`
    WITH charged AS (${upsertSql(name, key, Date.now(), Prisma.sql`SELECT 1`)})
    SELECT points FROM charged`;
  return row !== undefined && row.points <= limits[name].points;
}

// rate-limiter-flexible's upsert (RateLimiterPostgres._upsert) of one point, when `gate` yields a row:
// same key ("name:key"), same expiry in epoch ms, so the library reads and resets these rows.
function upsertSql(name: LimiterName, key: string, now: number, gate: Prisma.Sql): Prisma.Sql {
  const nowMs = Prisma.sql`${now}::bigint`;
  return Prisma.sql`
      INSERT INTO rate_limits (key, points, expire)
      SELECT ${`${name}:${storeKey(key)}`}::varchar, 1, ${now + limits[name].duration * 1000}::bigint FROM (${gate}) AS gate
      ON CONFLICT (key) DO UPDATE SET
        points = CASE WHEN rate_limits.expire <= ${nowMs} THEN 1 ELSE rate_limits.points + 1 END,
        expire = CASE WHEN rate_limits.expire <= ${nowMs} THEN EXCLUDED.expire ELSE rate_limits.expire END
      RETURNING key, points, expire`;
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

// Shared by the security suites: every /api route found on disk, a small world of members and
// content to aim requests at, and one way to call a route handler as a given member.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external";
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external";
import { createRequestStoreForAPI } from "next/dist/server/async-storage/request-store";
import { db } from "@/lib/server/db";
import { createSession } from "@/lib/server/auth/session";
import { hashPassword } from "@/lib/server/auth/password";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { startFakeOpenAI, type FakeOpenAI } from "@/tests/support/fake-openai";
import { createAnswer, createComment, createGroup, createQuestion, createTag, createUser, unique } from "@/tests/factories";

/**
 * Gives a test file its own uploads directory (AGORA_DATA_DIR) and, with `ai: "fake"`, a
 * loopback AI provider so AI routes reach their real work (with "none", AI and the cron routes
 * are unconfigured);
 * after the file, puts them back and closes the database and the rate limiter's pool. Call it
 * before the file's own beforeAll, which then runs with all of this in place.
 */
export function isolateTestFile(prefix: string, { ai }: { ai?: "fake" | "none" } = {}): { readonly dataDir: string } {
  const savedDataDir = process.env.AGORA_DATA_DIR;
  let dataDir = "";
  let fake: FakeOpenAI | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agora-${prefix}-`));
    process.env.AGORA_DATA_DIR = dataDir;
    if (ai === undefined) return;
    process.env.AGORA_AI_WORKER = "off";
    if (ai === "none") {
      delete process.env.OPENAI_API_KEY;
      delete process.env.OPENAI_BASE_URL;
      delete process.env.CRON_SECRET;
      return;
    }
    fake = await startFakeOpenAI();
    process.env.OPENAI_BASE_URL = fake.url;
    process.env.AI_MODEL = "fake-model";
  });
  afterAll(async () => {
    process.env.AGORA_DATA_DIR = savedDataDir;
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (fake) {
      delete process.env.OPENAI_BASE_URL;
      await fake.close();
    }
    await closeRateLimitStore();
    await db.$disconnect();
  });
  return {
    get dataDir() {
      return dataDir;
    },
  };
}

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

type RouteParams = Record<string, string | string[]>;
type Handler = (req: Request, ctx: { params: Promise<RouteParams> }) => Promise<Response>;

/** One exported method of one app/api/**\/route.ts file. */
export interface ApiRoute {
  /** e.g. "/api/questions/[id]/save". */
  path: string;
  method: Method;
  /** Names of the dynamic segments, in order ("...nextauth" for a catch-all). */
  params: string[];
  handler: Handler;
}

/** The key a table row uses for a route: "POST /api/questions/[id]/save". */
export const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

const apiDir = path.resolve(__dirname, "../../app/api");

/** Every route file under app/api and every HTTP method it exports, read from disk so a new one cannot be missed. */
export async function discoverRoutes(): Promise<ApiRoute[]> {
  const files = (fs.readdirSync(apiDir, { recursive: true }) as string[]).filter((f) => path.basename(f) === "route.ts").sort();
  const routes: ApiRoute[] = [];
  for (const file of files) {
    const dir = path.dirname(file).split(path.sep).join("/");
    const routePath = `/api/${dir}`;
    const params = [...routePath.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!);
    const mod = (await import(path.join(apiDir, file))) as Record<string, unknown>;
    for (const method of METHODS) {
      if (typeof mod[method] === "function") routes.push({ path: routePath, method, params, handler: mod[method] as Handler });
    }
  }
  return routes;
}

/** The URL path of a route with its dynamic segments filled in. */
export function fillPath(routePath: string, params: RouteParams): string {
  return routePath.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_m, name: string) => {
    const value = params[name] ?? params[`...${name}`];
    return Array.isArray(value) ? value.map(encodeURIComponent).join("/") : encodeURIComponent(value ?? "");
  });
}

export interface CallOptions {
  params?: RouteParams;
  query?: string;
  /** A JSON value, serialized; or raw bytes / text sent as they are. */
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  cookie?: string | null;
}

/**
 * Runs a route handler inside the request scope Next.js gives it, so handlers that read
 * `cookies()` or `headers()` (next-auth's) run as they do in production.
 */
function inRequestScope<T>(route: string, req: NextRequest, fn: () => Promise<T>): Promise<T> {
  const url = new URL(req.url);
  const store = createRequestStoreForAPI(
    req as never,
    { pathname: url.pathname, search: url.search } as never,
    { tags: [], expirationsByCacheKind: new Map() } as never,
    undefined,
    undefined as never,
    undefined,
  );
  const work = { route, page: `${route}/route`, forceStatic: false, dynamicShouldError: false };
  return workAsyncStorage.run(work as never, () => workUnitAsyncStorage.run(store as never, fn));
}

/** Calls a route handler the way Next.js would, and reads the whole answer. */
export async function callRoute(route: Pick<ApiRoute, "path" | "method" | "handler">, options: CallOptions = {}) {
  const params = options.params ?? {};
  // Next's server adds X-Forwarded-Proto to every request it hands a route (http here).
  const headers = new Headers({ host: "localhost", "x-forwarded-proto": "http", ...options.headers });
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has("content-type")) headers.set("Content-Type", "application/json");
  }
  const url = `http://localhost${fillPath(route.path, params)}${options.query ? `?${options.query}` : ""}`;
  const init = { method: route.method, headers, body: route.method === "GET" ? undefined : body, duplex: "half" };
  const req = new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1]);
  const started = Date.now();
  const res = await inRequestScope(route.path, req, () => route.handler(req, { params: Promise.resolve(params) }));
  const text = await readText(res);
  return { status: res.status, headers: res.headers, text, ms: Date.now() - started };
}

/** A response body as text; event streams are read for at most a second, then cancelled. */
async function readText(res: Response): Promise<string> {
  if (!res.body) return "";
  if (!res.headers.get("content-type")?.includes("text/event-stream")) return res.text();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + 1_000;
  while (Date.now() < deadline) {
    const next = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 200))]);
    if (!next || next.done) break;
    text += decoder.decode(next.value);
  }
  await reader.cancel().catch(() => {});
  return text;
}

/** The password every member of the world has. */
export const WORLD_PASSWORD = "correct-horse-battery";

export type Member = Awaited<ReturnType<typeof createUser>>;

/**
 * A member with a password, and the Cookie header of a fresh session of theirs. E-mail
 * notifications are off: the suites' hundreds of notifications would otherwise fill the outbox
 * that other test files, sharing the database, deliver and inspect.
 */
export async function createMember(tag: string, passwordHash?: string) {
  const user = await createUser({ tag, firstName: tag, lastName: "Tester" });
  await db.user.update({
    where: { id: user.id },
    data: { passwordHash: passwordHash ?? (await hashPassword(WORLD_PASSWORD)), notificationSettings: { emailNotifications: false } },
  });
  return { user, cookie: await freshCookie(user.id) };
}

/** The Cookie header of a new session of the member (a new sessions row). */
export async function freshCookie(userId: string): Promise<string> {
  return (await createSession(userId, new Request("http://localhost/"))).cookie.split(";")[0]!;
}

/**
 * The members and content the security suites aim at: `owner` wrote a public question (with an
 * answer, a comment and an automatic answer) and created a public group and a private group,
 * which `insider` belongs to; `member` and `outsider` are unrelated members.
 */
export async function createWorld() {
  const hash = await hashPassword(WORLD_PASSWORD);
  const [owner, member, insider, outsider] = await Promise.all(
    ["owner", "member", "insider", "outsider"].map((tag) => createMember(`${tag}-${unique()}`, hash)),
  );
  const assistant = await createUser({ tag: "assistant", isAssistant: true });
  const tag = await createTag();
  const publicGroup = await createGroup({ creator: owner!.user });
  const privateGroup = await createGroup({ creator: owner!.user, members: [insider!.user], isPrivate: true });
  const question = await createQuestion({ author: owner!.user, tags: [tag], description: "Some **markdown** here" });
  const answer = await createAnswer({ question, author: owner!.user });
  const autoAnswer = await createAnswer({ question, author: assistant, isAutoGenerated: true });
  const comment = await createComment({ answer, author: owner!.user });
  const hiddenQuestion = await createQuestion({ author: owner!.user, group: privateGroup, tags: [tag] });
  const hiddenAnswer = await createAnswer({ question: hiddenQuestion, author: owner!.user });
  const hiddenComment = await createComment({ answer: hiddenAnswer, author: owner!.user });
  const notification = await db.notification.create({
    data: { userId: owner!.user.id, type: "other", title: "Welcome", message: "Hello there", actorId: member!.user.id },
  });
  return {
    owner: owner!, member: member!, insider: insider!, outsider: outsider!, assistant, tag, publicGroup, privateGroup,
    question, answer, autoAnswer, comment, hiddenQuestion, hiddenAnswer, hiddenComment, notification,
  };
}

export type World = Awaited<ReturnType<typeof createWorld>>;

/**
 * Strings that must appear in no response to `viewerId`: other members' e-mail addresses, every
 * password hash, every session id, and the names of the columns that hold them.
 */
export async function privateStrings(viewerId: string | null): Promise<string[]> {
  const users = await db.user.findMany({ select: { id: true, email: true, passwordHash: true } });
  const sessions = await db.session.findMany({ select: { sid: true } });
  return [
    ...users.filter((u) => u.id !== viewerId).map((u) => u.email),
    ...users.flatMap((u) => (u.passwordHash ? [u.passwordHash, u.passwordHash.split("$").pop()!] : [])),
    ...sessions.map((s) => s.sid),
    "passwordHash",
    "password_hash",
    "sessionVersion",
    process.env.NEXTAUTH_SECRET!,
  ];
}

/** Traces of a server's insides that no error body may carry: stack frames, SQL, driver and ORM names. */
export const LEAK_PATTERNS = [
  /\bat [\w$.<>]+ \(/,
  /\.(ts|js|mjs):\d+/,
  /\b(SELECT|INSERT|UPDATE|DELETE)\b[\s\S]*\b(FROM|INTO|SET|WHERE)\b/,
  /prisma/i,
  /\bpg_|postgres|sqlstate|syntax error at/i,
  /invalid byte sequence/i,
  /TypeError|RangeError|ReferenceError|SyntaxError/,
];

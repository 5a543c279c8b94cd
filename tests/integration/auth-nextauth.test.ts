/** @jest-environment node */
// next-auth's own endpoints, driven through its public Node (pages API) handler since the App
// Router module needs Next's request scope: the credentials sign-in creates a session row,
// next-auth accepts the cookie POST /api/register sets, and its sign-out deletes the row.
import crypto from "node:crypto";
import { db } from "@/lib/server/db";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { hashPassword } from "@/lib/server/auth/password";
import { withSignInThrottleStatus } from "@/lib/server/auth/options";
import { getViewer } from "@/lib/server/auth/session";
import { callNextAuth, type NextAuthCall } from "@/tests/support/next-auth-call";
import { POST as register } from "@/app/api/register/route";

const ip = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
const uniqueEmail = () => `nextauth-${crypto.randomBytes(6).toString("hex")}@example.com`;

type Cookie = { name: string; value: string; attributes: string };

interface Answer {
  status: number;
  /** Where next-auth sends the browser (the Location header, or the JSON url of a json=true call). */
  redirect?: string;
  body: unknown;
  cookies: Cookie[];
}

/** One call of next-auth's Node handler; its Set-Cookie lines parsed. */
async function call(
  action: string,
  { forwardedFor = ip(), ...options }: Omit<NextAuthCall, "forwardedFor" | "userAgent"> & { forwardedFor?: string } = {},
): Promise<Answer> {
  const { status, body, location, setCookies } = await callNextAuth(action, { ...options, forwardedFor, userAgent: "jest-nextauth" });
  const answer: Answer = { status, body, cookies: [] };
  answer.redirect = location ?? (body as { url?: string } | undefined)?.url;
  for (const line of setCookies) {
    const [pair, ...attributes] = line.split(";");
    const index = pair!.indexOf("=");
    answer.cookies.push({ name: pair!.slice(0, index), value: decodeURIComponent(pair!.slice(index + 1)), attributes: attributes.join(";") });
  }
  return answer;
}

async function csrf() {
  const res = await call("csrf");
  const cookie = res.cookies.find((c) => c.name === "next-auth.csrf-token")!;
  return { token: (res.body as { csrfToken: string }).csrfToken, cookies: { [cookie.name]: cookie.value } };
}

async function signIn(email: string, password: string, forwardedFor = ip()) {
  const { token, cookies } = await csrf();
  return call("callback", { method: "POST", providerId: "credentials", body: { csrfToken: token, email, password, json: "true" }, cookies, forwardedFor });
}

const sessionCookie = (cookies: Cookie[]) => cookies.find((c) => c.name === "next-auth.session-token");

const cookieAttributes = (cookies: Cookie[]) => sessionCookie(cookies)?.attributes ?? "";

let email: string;
beforeAll(async () => {
  email = uniqueEmail();
  await db.user.create({ data: { email, passwordHash: await hashPassword("open sesame"), firstName: "Ada", lastName: "Lovelace" } });
});

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

it("signs in with credentials, creating a session row the cookie names", async () => {
  const res = await signIn(email.toUpperCase(), "open sesame");
  expect(res.redirect).toBe("http://localhost:3000");
  expect(cookieAttributes(res.cookies)).toMatch(/HttpOnly/i);
  const cookie = sessionCookie(res.cookies);
  expect(cookie?.value).toBeTruthy();

  const viewer = await getViewer(new Request("http://localhost/", { headers: { Cookie: `${cookie!.name}=${cookie!.value}` } }));
  expect(viewer).toMatchObject({ email, firstName: "Ada" });
  const rows = await db.session.findMany({ where: { userId: viewer!.id } });
  expect(rows.map((r) => r.sess)).toContainEqual({ sessionVersion: 0 });

  const session = await call("session", { cookies: { [cookie!.name]: cookie!.value } });
  expect(session.body).toMatchObject({ user: { id: viewer!.id, email, name: "Ada Lovelace" } });

  // Sign-out through next-auth deletes the row: the cookie stops working.
  const { token, cookies } = await csrf();
  const out = await call("signout", { method: "POST", body: { csrfToken: token }, cookies: { ...cookies, [cookie!.name]: cookie!.value } });
  expect(sessionCookie(out.cookies)?.value).toBe("");
  expect(await getViewer(new Request("http://localhost/", { headers: { Cookie: `${cookie!.name}=${cookie!.value}` } }))).toBeNull();
  const after = await call("session", { cookies: { [cookie!.name]: cookie!.value } });
  expect(after.body).toEqual({});
});

it("refuses a wrong password with CredentialsSignin", async () => {
  const res = await signIn(email, "wrong password");
  expect(res.status).toBe(401);
  expect(res.redirect).toContain("error=CredentialsSignin");
  expect(sessionCookie(res.cookies)).toBeUndefined();
});

it("accepts the cookie POST /api/register sets", async () => {
  const fresh = uniqueEmail();
  const res = await register(
    new Request("http://localhost/api/register", { method: "POST", body: JSON.stringify({ email: fresh, password: "correct horse" }), headers: { "X-Forwarded-For": ip() } }),
    { params: Promise.resolve({}) },
  );
  const [pair] = res.headers.get("set-cookie")!.split(";");
  const [name, value] = pair!.split("=");
  const session = await call("session", { cookies: { [name!]: value! } });
  expect(session.body).toMatchObject({ user: { email: fresh } });
});

it("answers a throttled sign-in with 429 and Retry-After, keeping next-auth's JSON", async () => {
  const address = ip();
  for (let i = 0; i < 6; i += 1) await signIn(email, "wrong password", address);
  const res = await signIn(email, "open sesame", address);
  expect(res.status).toBe(401);
  const url = new URL(res.redirect!);
  expect(url.searchParams.get("error")).toBe("Too many sign-in attempts. Please wait a minute and try again.");

  // What the route's POST does with next-auth's JSON answer.
  const answer = new Response(JSON.stringify({ url: res.redirect }), { status: 401, headers: { "Content-Type": "application/json" } });
  const converted = await withSignInThrottleStatus(answer, new Request("http://localhost/api/auth/callback/credentials", { headers: { "X-Forwarded-For": address } }));
  expect(converted.status).toBe(429);
  expect(Number(converted.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await converted.json()).toEqual({ url: res.redirect });

  const wrong = new Response(JSON.stringify({ url: "http://localhost/api/auth/error?error=CredentialsSignin" }), { status: 401, headers: { "Content-Type": "application/json" } });
  expect((await withSignInThrottleStatus(wrong, new Request("http://localhost/"))).status).toBe(401);
});

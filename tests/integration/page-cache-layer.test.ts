/** @jest-environment node */
// The visitors' page cache (lib/server/page-cache) in front of a plain http.Server whose handler
// renders pages the way Next does: a fresh nonce per request in the policy and on every script of
// its own (and in its flight data), Next's Cache-Control for per-request pages, chunked writes, and
// gzip when the client asks. Each page also carries a script without the nonce, as an injection
// the sanitiser let through would: the stored page's hash-based policy must never allow it.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { createNonce, hashedPageCsp, pageCsp } from "@/lib/security/csp";
import { pageCacheConfig } from "@/lib/server/page-cache/install";
import { createPageCacheLayer, withPageCache } from "@/lib/server/page-cache/layer";
import { applyNotification } from "@/lib/server/page-cache/listener";
import { NEXT_DYNAMIC_CACHE_CONTROL, negotiateEncoding, sharedCacheControl } from "@/lib/server/page-cache/rules";
import { PageStore } from "@/lib/server/page-cache/store";

interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let server: http.Server;
let base: string;
let store: PageStore;
let clock = 1_000_000;
let renders: string[] = [];
/** The nonce of each render, in order. */
let nonces: string[] = [];
let hits: number[] = [];
/** Resolves the render of /questions/7 when set (the race tests hold it open). */
let hold: Promise<void> | null = null;
/** Called when a held render of /questions/7 has started (its ticket taken, its rows "read"). */
let onHeld: (() => void) | null = null;
let version = "v1";

const policy = (nonce: string) => pageCsp(nonce, false);

/** Resolves once the next held render of /questions/7 has started: the event the race tests wait for. */
function heldRenderStarted(): Promise<void> {
  return new Promise((resolve) => (onHeld = resolve));
}

const INJECTED = "window.__xss=1";
const BOOT = "self.boot=1";
const flight = (nonce: string) => `self.__next_f.push([1,"{\\"nonce\\":\\"${nonce}\\"}"])`;

function page(id: string, nonce: string): string {
  const filler = "<p>An answer long enough to be worth compressing.</p>".repeat(60);
  // Question 19's own script holds "<!--", which the HTML parser reads specially: not fit to hash.
  const own = id === "19" ? "self.note='<!--'" : BOOT;
  return (
    `<!DOCTYPE html><html><head><script nonce="${nonce}">${own}</script>` +
    `<link rel="preload" as="script" href="/_next/static/chunks/app.js" nonce="${nonce}"/>` +
    `<script src="/_next/static/chunks/app.js" async="" nonce="${nonce}"></script></head>` +
    `<body><h1>Question ${id} ${version}</h1>${filler}` +
    `<div class="prose"><script>${INJECTED}</script></div>` +
    `<script type="application/ld+json" nonce="${nonce}">{"@type":"QAPage"}</script>` +
    `<script nonce="${nonce}">${flight(nonce)}</script></body></html>`
  );
}

// Next's behaviour, as far as the cache can tell.
async function handler(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = req.url ?? "/";
  renders.push(url);
  const nonce = createNonce();
  nonces.push(nonce);
  res.setHeader("content-security-policy", policy(nonce));
  res.setHeader("x-content-type-options", "nosniff");
  res.setHeader("referrer-policy", "strict-origin-when-cross-origin");
  res.setHeader("x-frame-options", "DENY");
  res.setHeader("permissions-policy", "camera=()");
  res.setHeader("vary", "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch");
  res.setHeader("cache-control", NEXT_DYNAMIC_CACHE_CONTROL);
  res.setHeader("content-type", "text/html; charset=utf-8");
  const id = url.split("/")[2]?.split("?")[0] ?? "";
  if (id === "9") res.statusCode = 404;
  if (id === "8") res.setHeader("set-cookie", "visitor=1; Path=/");
  if (id === "6") res.setHeader("cache-control", "private, max-age=10");
  if (id === "5") res.setHeader("content-type", "application/json");
  if (id === "7" && hold) {
    onHeld?.();
    await hold;
  }
  const html = page(id, nonce) + (req.headers.rsc ? "<!-- rsc -->" : "");
  if (negotiateEncoding(req.headers["accept-encoding"] as string | undefined) === "gzip") {
    res.setHeader("content-encoding", "gzip");
    res.end(zlib.gzipSync(html));
    return;
  }
  // Streamed in pieces, as React renders.
  const third = Math.floor(html.length / 3);
  res.write(html.slice(0, third));
  await new Promise((resolve) => setImmediate(resolve));
  res.write(Buffer.from(html.slice(third, 2 * third)));
  res.end(html.slice(2 * third));
}

function makeStore(maxBytes = 1024 * 1024, ttlMs = 60_000) {
  return new PageStore({ maxBytes, ttlMs, now: () => clock });
}

async function startWith(newStore: PageStore, sharedCacheControl: string | null = null) {
  if (server) await new Promise((resolve) => server.close(resolve));
  store = newStore;
  const botType = (userAgent: string) => (userAgent.includes("Twitterbot") ? "html" : undefined);
  const layer = createPageCacheLayer({ store, policy, hashedPolicy: hashedPageCsp, onHit: (id) => hits.push(id), botType, sharedCacheControl });
  server = http.createServer(withPageCache(layer, (req, res) => void handler(req, res)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function request(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

/** The inline scripts of a page that would run (no src, not a data block), by a reading of its own. */
function runningInlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attrs]) => !/\bsrc=/.test(attrs!) && !/type="application\/ld\+json"/.test(attrs!)).map(([, , text]) => text!);
}

/** Headers two readers of the same stored page may see differently: the clock, and whether it was the render. */
const PER_RESPONSE = new Set(["date", "age", "x-agora-cache", "connection", "keep-alive"]);
const sameFor = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name)));

beforeEach(async () => {
  renders = [];
  nonces = [];
  hits = [];
  hold = null;
  onHeld = null;
  version = "v1";
  clock = 1_000_000;
  await startWith(makeStore());
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test("a visitor's first request is a miss, the next a hit: the same bytes and headers for two different visitors", async () => {
  const first = await request("/questions/1", { "user-agent": "Firefox/140", "x-forwarded-for": "203.0.113.1" });
  expect(first.status).toBe(200);
  expect(first.headers["x-agora-cache"]).toBe("miss");
  const second = await request("/questions/1", { "user-agent": "Chrome/141", "x-forwarded-for": "198.51.100.2" });
  expect(second.status).toBe(200);
  expect(second.headers["x-agora-cache"]).toBe("hit");
  expect(renders).toEqual(["/questions/1"]);
  expect(hits).toEqual([1]);
  expect(second.body.equals(first.body)).toBe(true);
  expect(sameFor(second.headers)).toEqual(sameFor(first.headers));
  for (const name of ["x-content-type-options", "referrer-policy", "x-frame-options", "permissions-policy", "content-type", "cache-control", "content-security-policy"]) {
    expect(second.headers[name]).toBeDefined();
  }
  expect(second.headers.vary).toContain("next-router-state-tree");
  expect(second.headers["set-cookie"]).toBeUndefined();
  expect(Number(second.headers["content-length"])).toBe(second.body.length);
  expect(second.headers.age).toBe("0");
  clock += 12_500;
  expect((await request("/questions/1")).headers.age).toBe("12");
});

test("a stored page carries no nonce, and its policy lists the hash of each of its own inline scripts and nothing else", async () => {
  const miss = await request("/questions/2");
  const hit = await request("/questions/2");
  const [nonce] = nonces;
  const html = hit.body.toString();
  // No trace of the render's nonce: not on a tag, not in the flight data, not in the policy.
  expect(html).not.toContain(nonce!);
  expect(html).not.toMatch(/\bnonce=/);
  expect(hit.headers["content-security-policy"]).not.toContain("nonce");
  expect(html).toContain(`<script>${BOOT}</script>`);
  expect(html).toContain(`<script src="/_next/static/chunks/app.js" async=""></script>`);
  expect(html).toContain(`<link rel="preload" as="script" href="/_next/static/chunks/app.js"/>`);
  expect(html).toContain(`<script>${flight("")}</script>`);
  // The policy: 'self' for the chunks, the SHA-256 of exactly our two inline scripts as served.
  expect(hit.headers["content-security-policy"]).toBe(hashedPageCsp([sha256(BOOT), sha256(flight(""))]));
  const scriptSrc = /script-src ([^;]*)/.exec(String(hit.headers["content-security-policy"]))![1]!.split(" ");
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'strict-dynamic'");
  const running = runningInlineScripts(html);
  expect(running).toEqual([BOOT, INJECTED, flight("")]);
  // Every script that may run is hashed; the injected one, still in the page, is not: the browser refuses it.
  expect(scriptSrc.filter((source) => source.startsWith("'sha256-")).sort()).toEqual([BOOT, flight("")].map((text) => `'sha256-${sha256(text)}'`).sort());
  expect(scriptSrc).not.toContain(`'sha256-${sha256(INJECTED)}'`);
  // The render's own response (the miss) was already the stored page.
  expect(miss.body.equals(hit.body)).toBe(true);
  expect(miss.headers["content-security-policy"]).toBe(hit.headers["content-security-policy"]);
});

test("a page whose own scripts cannot be hashed safely is sent as rendered, with its nonce, and not stored", async () => {
  const first = await request("/questions/19");
  const second = await request("/questions/19");
  expect([first.headers["x-agora-cache"], second.headers["x-agora-cache"]]).toEqual(["miss", "miss"]);
  expect(second.headers["content-security-policy"]).toBe(policy(nonces[1]!));
  expect(second.body.toString()).toContain(`nonce="${nonces[1]}"`);
  expect(store.stats().pages).toBe(0);
});

test("members (a session cookie, whole or chunked, on http or https) always reach the app and are never stored", async () => {
  await request("/questions/3"); // a visitor stores the page
  for (const cookie of [
    "next-auth.session-token=abc",
    "__Secure-next-auth.session-token=abc",
    "theme=dark; next-auth.session-token.0=abc; next-auth.session-token.1=def",
    "__Secure-next-auth.session-token.0=abc",
  ]) {
    const member = await request("/questions/3", { cookie });
    expect(member.headers["x-agora-cache"]).toBe("bypass");
  }
  expect(renders).toHaveLength(5);
  // A member's page never becomes a visitor's.
  version = "member-only";
  await startWith(makeStore());
  await request("/questions/4", { cookie: "next-auth.session-token=abc" });
  const visitor = await request("/questions/4");
  expect(visitor.headers["x-agora-cache"]).toBe("miss");
  // Other cookies (a theme, next-auth's CSRF cookie) do not make a member.
  const again = await request("/questions/4", { cookie: "next-auth.csrf-token=x; theme=dark" });
  expect(again.headers["x-agora-cache"]).toBe("hit");
});

test("RSC, prefetch and query-string requests bypass the cache", async () => {
  await request("/questions/3");
  for (const headers of <Record<string, string>[]>[{ rsc: "1" }, { "next-router-prefetch": "1" }, { "next-router-state-tree": encodeURIComponent(JSON.stringify(["", { children: ["__PAGE__", {}] }])) }, { "next-router-segment-prefetch": "/_tree" }, { "next-url": "/x" }, { "x-middleware-subrequest": "proxy" }]) {
    const r = await request("/questions/3", headers);
    expect(r.headers["x-agora-cache"]).toBe("bypass");
  }
  for (const path of ["/questions/3?_rsc=abc", "/questions/3?x=1", "/questions/03", "/questions/3/", "/questions/abc"]) {
    const r = await request(path);
    expect(r.headers["x-agora-cache"]).not.toBe("hit");
  }
  const post = await request("/questions/3", {}, "POST");
  expect(post.headers["x-agora-cache"]).toBe("bypass");
  expect(renders.filter((u) => u === "/questions/3")).toHaveLength(8);
});

test("404s, Set-Cookie, the app's own private Cache-Control and non-HTML are never stored", async () => {
  for (const id of [9, 8, 6, 5]) {
    const first = await request(`/questions/${id}`);
    const second = await request(`/questions/${id}`);
    expect(first.headers["x-agora-cache"]).toBe("miss");
    expect(second.headers["x-agora-cache"]).toBe("miss");
  }
  const notFound = await request("/questions/9");
  expect(notFound.status).toBe(404);
  expect((await request("/questions/8")).headers["set-cookie"]).toEqual(["visitor=1; Path=/"]);
  expect(store.stats().pages).toBe(0);
});

test("pages are kept gzipped, compressed once; gzip when the client asks, on misses and hits; the same bytes for every reader", async () => {
  const plain = await request("/questions/10");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  const bytes = store.stats().bytes;
  const zipped = await request("/questions/10", { "accept-encoding": "gzip, deflate, br" });
  expect(zipped.headers["x-agora-cache"]).toBe("hit");
  expect(zipped.headers["content-encoding"]).toBe("gzip");
  expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
  const html = zlib.gunzipSync(zipped.body);
  expect(html.equals(plain.body)).toBe(true);
  expect(zipped.body.length).toBeLessThan(html.length);
  // What the cap counts is the gzip (and the headers), not the HTML: the page takes a fraction of its size.
  expect(bytes).toBeLessThan(zipped.body.length + 2048);
  expect(bytes).toBeLessThan(html.length / 2);
  const again = await request("/questions/10", { "accept-encoding": "gzip" });
  expect(again.body.equals(zipped.body)).toBe(true);
  expect(store.stats().bytes).toBe(bytes);

  // A miss asked with gzip: the app renders uncompressed (the layer compresses), and the page is stored with its gzip.
  const miss = await request("/questions/11", { "accept-encoding": "gzip" });
  expect(miss.headers["x-agora-cache"]).toBe("miss");
  expect(miss.headers["content-encoding"]).toBe("gzip");
  expect(zlib.gunzipSync(miss.body).toString()).toContain("Question 11");
  const hit = await request("/questions/11", { "accept-encoding": "gzip" });
  expect(hit.headers["x-agora-cache"]).toBe("hit");
  expect(hit.body.equals(miss.body)).toBe(true);
  expect(sameFor(hit.headers)).toEqual(sameFor(miss.headers));
  const deflated = await request("/questions/11", { "accept-encoding": "deflate" });
  expect(deflated.headers["content-encoding"]).toBe("deflate");
  expect(zlib.inflateSync(deflated.body).equals(zlib.gunzipSync(miss.body))).toBe(true);
  const identity = await request("/questions/11", { "accept-encoding": "identity" });
  expect(identity.headers["content-encoding"]).toBeUndefined();
  expect(identity.body.equals(zlib.gunzipSync(miss.body))).toBe(true);
  expect(renders).toEqual(["/questions/10", "/questions/11"]);
});

test("a reader that already has the page (If-None-Match with its ETag) gets a 304 from the cache", async () => {
  const miss = await request("/questions/18");
  const etag = String(miss.headers.etag);
  expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
  for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, "*"]) {
    const revalidated = await request("/questions/18", { "if-none-match": ifNoneMatch, "accept-encoding": "gzip" });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers["content-security-policy"]).toBe(miss.headers["content-security-policy"]);
    expect(revalidated.headers["x-agora-cache"]).toBe("hit");
  }
  const changed = await request("/questions/18", { "if-none-match": 'W/"something-else"' });
  expect(changed.status).toBe(200);
  expect(changed.body.equals(miss.body)).toBe(true);
  expect(renders).toEqual(["/questions/18"]);
  expect(hits).toHaveLength(5);
});

test("HEAD hits send the headers and no body", async () => {
  await request("/questions/12");
  const head = await request("/questions/12", {}, "HEAD");
  expect(head.headers["x-agora-cache"]).toBe("hit");
  expect(head.body.length).toBe(0);
  expect(Number(head.headers["content-length"])).toBeGreaterThan(1000);
});

test("a page expires after its time to live", async () => {
  await request("/questions/13");
  clock += 59_000;
  expect((await request("/questions/13")).headers["x-agora-cache"]).toBe("hit");
  clock += 1_000;
  expect((await request("/questions/13")).headers["x-agora-cache"]).toBe("miss");
  expect(renders).toHaveLength(2);
});

test("a change notified while a page renders keeps that page out of the cache", async () => {
  let release!: () => void;
  hold = new Promise((resolve) => (release = resolve));
  let started = heldRenderStarted();
  const pending = request("/questions/7");
  await started; // the render has started and read "v1"
  applyNotification(store, "7");
  release();
  expect((await pending).headers["x-agora-cache"]).toBe("miss");
  hold = null;
  version = "v2";
  const next = await request("/questions/7");
  expect(next.headers["x-agora-cache"]).toBe("miss");
  expect(next.body.toString()).toContain("Question 7 v2");
  expect((await request("/questions/7")).body.toString()).toContain("Question 7 v2");

  // The same with a "flush all"; another question's notice does not keep it out.
  applyNotification(store, "*");
  hold = new Promise((resolve) => (release = resolve));
  started = heldRenderStarted();
  const flushed = request("/questions/7");
  await started;
  applyNotification(store, "*");
  release();
  expect((await flushed).headers["x-agora-cache"]).toBe("miss");
  hold = new Promise((resolve) => (release = resolve));
  started = heldRenderStarted();
  const unrelated = request("/questions/7");
  await started;
  applyNotification(store, "70");
  release();
  expect((await unrelated).headers["x-agora-cache"]).toBe("miss");
  hold = null;
  expect((await request("/questions/7")).headers["x-agora-cache"]).toBe("hit");
});

test("notifications drop stored pages: one question, or all", async () => {
  await request("/questions/14");
  await request("/questions/15");
  applyNotification(store, "14");
  expect((await request("/questions/14")).headers["x-agora-cache"]).toBe("miss");
  expect((await request("/questions/15")).headers["x-agora-cache"]).toBe("hit");
  applyNotification(store, "*");
  expect((await request("/questions/15")).headers["x-agora-cache"]).toBe("miss");
  // Not listening (disconnected): nothing is served or stored.
  store.setServing(false);
  expect((await request("/questions/15")).headers["x-agora-cache"]).toBe("off");
  expect((await request("/questions/15")).headers["x-agora-cache"]).toBe("off");
  store.setServing(true);
  expect((await request("/questions/15")).headers["x-agora-cache"]).toBe("miss");
});

test("the byte cap evicts the least recently used page", async () => {
  await request("/questions/16");
  const size = store.stats().bytes; // one page as the cap counts it (its gzip and headers)
  expect(size).toBeGreaterThan(500);
  // Room for about 8.5 pages' worth (each page may take at most an eighth).
  await startWith(makeStore(Math.floor(size * 8.5)));
  for (let id = 20; id < 28; id++) await request(`/questions/${id}`);
  expect(store.stats().pages).toBe(8);
  await request("/questions/20"); // now the most recently used
  await request("/questions/28"); // evicts 21, the least recently used
  expect(store.stats().pages).toBe(8);
  expect(store.stats().bytes).toBeLessThanOrEqual(store.maxBytes);
  expect((await request("/questions/20")).headers["x-agora-cache"]).toBe("hit");
  expect((await request("/questions/21")).headers["x-agora-cache"]).toBe("miss");
});

test("pages for another host are stored apart (a forged Host never reaches others)", async () => {
  await request("/questions/17", { host: "evil.example" });
  const r = await request("/questions/17");
  expect(r.headers["x-agora-cache"]).toBe("miss");
  expect((await request("/questions/17", { host: "evil.example" })).headers["x-agora-cache"]).toBe("hit");
});

test("shared caches may keep visitors' pages (AGORA_SHARED_CACHE_S, 30 s unless set; 0 turns it off); members', bots' and uncacheable ones never", async () => {
  const production = { NODE_ENV: "production", DATABASE_URL: "postgres://localhost/agora" } as unknown as NodeJS.ProcessEnv;
  expect(pageCacheConfig(production)?.sharedCacheControl).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=30");
  expect(pageCacheConfig({ ...production, AGORA_SHARED_CACHE_S: "" })?.sharedCacheControl).toBe(sharedCacheControl(30));
  expect(pageCacheConfig({ ...production, AGORA_SHARED_CACHE_S: "0" })?.sharedCacheControl).toBeNull();
  expect(pageCacheConfig({ ...production, AGORA_SHARED_CACHE_S: "60" })?.sharedCacheControl).toBe(sharedCacheControl(60));
  const shared = sharedCacheControl(60)!;
  expect(shared).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=60");
  expect(sharedCacheControl(0)).toBeNull();
  await startWith(makeStore(), shared);

  const miss = await request("/questions/1");
  const hit = await request("/questions/1");
  expect([miss.headers["x-agora-cache"], hit.headers["x-agora-cache"]]).toEqual(["miss", "hit"]);
  expect(sameFor(hit.headers)).toEqual(sameFor(miss.headers));
  expect(hit.body.equals(miss.body)).toBe(true);
  for (const response of [miss, hit]) {
    expect(response.headers["cache-control"]).toBe(shared);
    // The page's language comes from the language cookie or Accept-Language: a shared cache must key on them.
    expect(response.headers.vary).toEqual(expect.stringContaining("Accept-Language"));
    expect(response.headers.vary).toEqual(expect.stringContaining("Cookie"));
    expect(response.headers["set-cookie"]).toBeUndefined();
  }

  // A member's page, a bot's variant, a response with Set-Cookie, the app's own private header, a 404: Next's own header.
  const member = await request("/questions/1", { cookie: "__Secure-next-auth.session-token=abc" });
  expect(member.headers["cache-control"]).toBe(NEXT_DYNAMIC_CACHE_CONTROL);
  // A member's page is Next's own render, with its request's nonce.
  expect(member.headers["content-security-policy"]).toBe(policy(nonces.at(-1)!));
  expect((await request("/questions/1", { "user-agent": "Twitterbot/1.0" })).headers["cache-control"]).toBe(NEXT_DYNAMIC_CACHE_CONTROL);
  const withCookie = await request("/questions/8");
  expect(withCookie.headers["set-cookie"]).toBeDefined();
  expect(withCookie.headers["cache-control"]).toBe(NEXT_DYNAMIC_CACHE_CONTROL);
  expect((await request("/questions/6")).headers["cache-control"]).toBe("private, max-age=10");
  expect((await request("/questions/9")).headers["cache-control"]).toBe(NEXT_DYNAMIC_CACHE_CONTROL);

  // A render a change overtook is not handed to shared caches (its purge may have been sent already).
  let release!: () => void;
  hold = new Promise((resolve) => (release = resolve));
  const started = heldRenderStarted();
  const pending = request("/questions/7");
  await started; // the render has started
  applyNotification(store, "7");
  release();
  expect((await pending).headers["cache-control"]).toBe(NEXT_DYNAMIC_CACHE_CONTROL);
  hold = null;

  // Turned off (0), every response keeps Next's private header.
  await startWith(makeStore());
  await request("/questions/1");
  expect((await request("/questions/1")).headers["cache-control"]).toBe(NEXT_DYNAMIC_CACHE_CONTROL);
});

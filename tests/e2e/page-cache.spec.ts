import { createHash } from "node:crypto";
import type { APIResponse, Page, Response } from "@playwright/test";
import { expect, postWithRetry, signIn, test, waitForHydration } from "./support";

// The visitors' page cache (lib/server/page-cache): a visitor's second load of a question page
// comes from memory, the same bytes and headers as the first, under a hash-based policy, and works
// as the first did; a member's answer, vote or comment in another browser shows on the visitor's
// next load (the triggers' notification drops the stored page); members are never served from it.
// And the proof that the cached page's policy is as strict as the nonce it replaces: an inline
// script that is not Agora's own is refused on it, while Agora's own run.

/** The script-src sources of a response's policy. */
const scriptSrcOf = (headers: Record<string, string>) => (/(?:^|;)\s*script-src ([^;]*)/.exec(headers["content-security-policy"] ?? "")?.[1] ?? "").trim().split(/\s+/);

/** The text of each inline script in the HTML that a browser would run (no src, not a data block). */
function runningInlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attrs]) => !/\ssrc=/i.test(attrs!) && !/\stype="application\/ld\+json"/i.test(attrs!)).map(([, , text]) => text!);
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** A cached page's policy: no nonce, 'self' for the chunks, and exactly the hashes of the page's inline scripts. */
function expectHashedPolicy(headers: Record<string, string>, html: string, label: string) {
  const sources = scriptSrcOf(headers);
  expect(sources, `${label}: script-src`).not.toContain("'unsafe-inline'");
  expect(sources.some((s) => s.startsWith("'nonce-")), `${label}: a nonce in the policy`).toBe(false);
  expect(html, `${label}: a nonce in the page`).not.toMatch(/\snonce=/);
  expect(sources[0], label).toBe("'self'");
  const scripts = runningInlineScripts(html);
  expect(scripts.length, `${label}: inline scripts`).toBeGreaterThan(2);
  expect(new Set(sources.slice(1)), `${label}: one hash for each inline script`).toEqual(new Set(scripts.map(sha256)));
}

async function load(page: Page, path: string): Promise<Response> {
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  return res!;
}

test("a visitor's question page is served from the cache until a member changes it", async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const violations: string[] = [];
  visitor.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  const list = (await (await visitor.request.get("/api/questions?limit=5")).json()) as { id: number; title: string }[];
  const question = list[list.length - 1];
  const path = `/questions/${question.id}`;

  const first = await load(visitor, path);
  expect(["miss", "hit"]).toContain(first.headers()["x-agora-cache"]);
  const second = await load(visitor, path);
  expect(second.headers()["x-agora-cache"]).toBe("hit");
  expect(second.headers()["content-encoding"]).toBe("gzip"); // the browser asked for it
  expectHashedPolicy(second.headers(), await second.text(), "the hit");
  for (const name of ["x-content-type-options", "referrer-policy", "x-frame-options", "permissions-policy", "content-type"]) {
    expect(second.headers()[name]).toBe(first.headers()[name]);
  }
  // The cached page runs: its scripts are the ones its policy lists, and React hydrates it.
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(question.title);
  await waitForHydration(visitor.getByRole("heading", { level: 1 }));
  expect(violations).toEqual([]);

  // A member answers in another browser; members are never served from the cache.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member);
  const memberView = await load(member, path);
  expect(memberView.headers()["x-agora-cache"]).toBe("bypass");
  const answerText = `Cached pages are dropped when someone answers (${stamp}).`;
  const answered = await member.request.post(`/api/questions/${question.id}/answers`, { data: { content: answerText } });
  expect(answered.status()).toBe(201);

  // The visitor's reload shows it: rendered afresh, then served from the cache again.
  const third = await load(visitor, path);
  expect(third.headers()["x-agora-cache"]).toBe("miss");
  await expect(visitor.getByText(answerText)).toBeVisible();
  const fourth = await load(visitor, path);
  expect(fourth.headers()["x-agora-cache"]).toBe("hit");
  await expect(visitor.getByText(answerText)).toBeVisible();

  // A vote moves the score: the page is rendered again.
  const answer = (await answered.json()) as { id: number };
  const voter = await browser.newContext();
  const voterPage = await voter.newPage();
  await signIn(voterPage, "daniel@demo.agora.dev");
  expect((await voterPage.request.post(`/api/answers/${answer.id}/vote`, { data: { voteType: "up" } })).status()).toBeLessThan(300);
  expect((await load(visitor, path)).headers()["x-agora-cache"]).toBe("miss");
  expect(violations).toEqual([]);

  await Promise.all([visitorContext.close(), memberContext.close(), voter.close()]);
});

test("a cached page is the same for every visitor, and its policy refuses an inline script that is not Agora's own while Agora's own run", async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const baseURL = test.info().project.use.baseURL;

  // A fresh question, so that the first visitor's request is its render (a miss). Its stored
  // content tries an inline script and an event handler too (the sanitiser removes them).
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member);
  const tags = (await (await member.request.get("/api/tags")).json()) as { id: number; name: string }[];
  const created = await postWithRetry(member.request, "/api/questions", {
    title: `Does a cached question page keep its scripts in check ${stamp}?`,
    description: 'A page that tries an inline script: <script>window.__stored = 1</script> and a handler: <img src="x" onerror="window.__stored = 2">',
    tagIds: [tags[0]!.id],
  });
  expect(created.status()).toBe(201);
  const question = (await created.json()) as { id: number; title: string };
  const path = `/questions/${question.id}`;
  // Agora AI (a loopback fake) answers first, which changes the page: wait for it.
  await expect
    .poll(async () => ((await (await member.request.get(`/api/questions/${question.id}`)).json()) as { aiStatus: { status: string } | null }).aiStatus?.status, { timeout: 30_000 })
    .toBe("done");

  // Two visitors (other addresses, other browsers): the render, then the copy, byte for byte.
  const one = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": "198.18.71.1", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0" } });
  const two = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": "198.18.71.2", "User-Agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36" } });
  const miss = await one.get(path);
  const hit = await two.get(path);
  expect([miss.status(), hit.status()]).toEqual([200, 200]);
  expect([miss.headers()["x-agora-cache"], hit.headers()["x-agora-cache"]]).toEqual(["miss", "hit"]);
  expect((await hit.body()).equals(await miss.body())).toBe(true);
  const perResponse = new Set(["date", "age", "x-agora-cache", "connection", "keep-alive"]);
  const same = (r: APIResponse) => Object.fromEntries(Object.entries(r.headers()).filter(([name]) => !perResponse.has(name)));
  expect(same(hit)).toEqual(same(miss));
  // Any cache may keep it, for a short time, apart per language; it sets no cookie.
  expect(hit.headers()["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
  expect(hit.headers().vary).toMatch(/Accept-Language/);
  expect(hit.headers().vary).toMatch(/Cookie/);
  expect(hit.headers()["set-cookie"]).toBeUndefined();
  expectHashedPolicy(hit.headers(), await hit.text(), "the cached page");
  // A member's view of the same page is their own render, private, with a nonce.
  const memberView = await member.request.get(path);
  expect(memberView.headers()["x-agora-cache"]).toBe("bypass");
  expect(memberView.headers()["cache-control"]).toMatch(/private/);
  expect(scriptSrcOf(memberView.headers()).some((s) => s.startsWith("'nonce-"))).toBe(true);

  // A browser visitor gets the cached page with a script injected into its HTML, as stored markup
  // the sanitiser had let through would be, under the cached response's own headers.
  const visitorContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.18.71.3" } });
  await visitorContext.addInitScript(() => {
    const w = window as unknown as { __violations: { directive: string; blocked: string; policy: string }[] };
    w.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI, policy: e.originalPolicy }));
  });
  const visitor = await visitorContext.newPage();
  const served: { cache?: string; policy?: string } = {};
  await visitor.route(
    (url) => url.pathname === path && url.search === "",
    async (route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      const headers = { ...response.headers() };
      served.cache = headers["x-agora-cache"];
      served.policy = headers["content-security-policy"];
      // The body comes decoded: send it as it is, with every other header of the cached response.
      delete headers["content-encoding"];
      delete headers["content-length"];
      const html = (await response.text()).replace(/<body[^>]*>/, (body) => `${body}<script>window.__injected = "parser-inserted"</script>`);
      await route.fulfill({ status: response.status(), headers, body: html });
    },
  );
  const res = await visitor.goto(path);
  expect(res?.status()).toBe(200);
  expect(served.cache).toBe("hit");
  expect(served.policy).toBe(hit.headers()["content-security-policy"]);

  // Agora's own scripts run under it: React hydrates the page and a menu opens.
  const heading = visitor.getByRole("heading", { level: 1 });
  await expect(heading).toContainText(question.title);
  await waitForHydration(heading);
  await visitor.getByRole("button", { name: "Change language (current: English)" }).click();
  await expect(visitor.getByRole("menuitemradio", { name: "Español" })).toBeVisible();
  await visitor.keyboard.press("Escape");
  await expect(visitor.getByRole("menuitemradio", { name: "Español" })).toBeHidden();

  // The injected script was refused, by exactly the cached response's policy; nothing else was.
  type State = { injected?: string; stored?: number; violations: { directive: string; blocked: string; policy: string }[] };
  const state = () => visitor.evaluate(() => {
    const w = window as unknown as { __injected?: string; __stored?: number; __violations: State["violations"] };
    return { injected: w.__injected, stored: w.__stored, violations: w.__violations };
  });
  const refused = { directive: "script-src-elem", blocked: "inline", policy: served.policy };
  expect(await state()).toEqual({ injected: undefined, stored: undefined, violations: [refused] });

  // One inserted later by script (no 'strict-dynamic': scripts cannot vouch for others) is refused too.
  await visitor.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = 'window.__injected = "inserted by script"';
    document.body.append(script);
  });
  await expect.poll(async () => (await state()).violations.length).toBe(2);
  expect(await state()).toEqual({ injected: undefined, stored: undefined, violations: [refused, refused] });

  // A client-side navigation from it loads the next page's chunks under the same policy ('self'), without a violation.
  await visitor.getByRole("main").getByRole("link", { name: tags[0]!.name, exact: true }).first().click();
  await expect(visitor).toHaveURL((url) => url.pathname === `/tags/${encodeURIComponent(tags[0]!.name)}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  expect((await state()).violations).toEqual([refused, refused]);

  await Promise.all([memberContext.close(), visitorContext.close(), one.dispose(), two.dispose()]);
});

// Issue 7, XSS: the corpus of tests/security/xss-payloads.ts goes through every place members
// and the AI write, and Chromium renders each page. Weakness guarded against: stored cross-site
// scripting. A single payload that runs can read a member's session-bound data, act as them
// (post, vote, change their e-mail) or deface the page for every reader; members would see a
// dialog, a redirect or a broken page. For each page the suite checks that no dialog opened, the
// planted global `window.__xss` was never set, no inline script or event handler was blocked by
// the CSP (which would mean the sanitizer let it through), no element carries an on* attribute
// or a javascript:/data: URL, and every <script> is one of ours (carries the request's nonce).
import type { APIRequestContext, APIResponse, Browser, BrowserContext, Page } from "@playwright/test";
import { randomInt } from "node:crypto";

import { HOSTILE_URLS, packPayloads, XSS_PAYLOADS } from "../security/xss-payloads";
import { replyMarker } from "../support/fake-openai";
import { afterTwoFrames, DEMO_PASSWORD, e2eSql, expect, screenshots, test, uniqueEmail, waitForHydration } from "./support";

// PostgreSQL cannot store U+0000: the API answers 500 to text containing it (reported in issue 7,
// owned by the input-handling work). The HTML parser turns U+0000 into U+FFFD in tags and
// attributes anyway, so the stored text carries U+FFFD where the corpus has U+0000.
const storable = (text: string) => text.replace(/\u0000/g, "\uFFFD");
const ALL = XSS_PAYLOADS.map((p) => ({ ...p, text: storable(p.text) }));

// ---------------------------------------------------------------------------------------------
// Calls to the API

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One API call, retried once when the loaded machine resets the connection. */
async function call(request: APIRequestContext, method: "GET" | "POST" | "PUT" | "PATCH", url: string, data?: unknown): Promise<APIResponse> {
  const send = () => request.fetch(url, { method, ...(data === undefined ? {} : { data }) });
  try {
    return await send();
  } catch (error) {
    if (!/ECONNRESET|socket hang up|ECONNREFUSED/.test(String(error))) throw error;
    await sleep(500);
    return send();
  }
}

/** An API call that must succeed; returns its JSON. */
async function ok<T>(request: APIRequestContext, method: "GET" | "POST" | "PUT" | "PATCH", url: string, data?: unknown): Promise<T> {
  const res = await call(request, method, url, data);
  expect(res.ok(), `${method} ${url} answered ${res.status()}: ${(await res.text()).slice(0, 300)}`).toBe(true);
  return (await res.json()) as T;
}

/** POST /api/questions, waiting out the 15-second interval between one member's questions. */
async function ask(request: APIRequestContext, data: { title: string; description: string; tagIds: number[]; groupId?: number }) {
  let res = await call(request, "POST", "/api/questions", data);
  if (res.status() === 429) {
    await sleep((Number(res.headers()["retry-after"] ?? 15) || 15) * 1000 + 500);
    res = await call(request, "POST", "/api/questions", data);
  }
  expect(res.status(), (await res.text()).slice(0, 300)).toBe(201);
  return (await res.json()) as { id: number; title: string; description: string | null };
}

const randomIp = () => `198.19.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * The corpus must reach every page, so its authors are trusted members: issue 14's defences
 * would otherwise stop it first, as they should (a new member's post with more than 2 links is
 * refused, and the spam check hides a new member's post full of scripts). A moderator's role
 * gives the highest trust level at once; earning it takes a week of posts. Those defences have
 * suites of their own (new-member-limits.spec.ts, tests/integration/spam-check.test.ts).
 */
async function trust(userId: string) {
  await e2eSql("UPDATE users SET role = 'moderator' WHERE id = $1", [userId]);
}

/**
 * Forgets a member's spent allowance of the given limits, as if the hour or day had passed: the
 * corpus needs more profile and group writes than one member may make in an hour or a day.
 * Limits are tested in tests/security/limits-and-races.test.ts.
 */
async function forgetLimits(userId: string, ...limiters: string[]) {
  await e2eSql("DELETE FROM rate_limits WHERE key = ANY($1)", [limiters.map((name) => `${name}:${userId}`)]);
}

/** A new member in a browser context of their own (their own client address, so register limits stay per test). */
async function newMember(browser: Browser, names: { firstName?: string; lastName?: string } = {}, phone = false) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": randomIp() },
    ...(phone ? { viewport: { width: 390, height: 844 } } : {}),
  });
  const page = await context.newPage();
  const email = uniqueEmail("xss");
  const res = await call(page.request, "POST", "/api/register", { email, password: DEMO_PASSWORD, ...names });
  expect(res.status(), (await res.text()).slice(0, 300)).toBe(201);
  const user = (await res.json()) as { id: string; firstName: string | null; lastName: string | null };
  return { context, page, user, email };
}

/** A tag to file questions under (tag names cannot carry markup; see the tag test). */
async function someTag(request: APIRequestContext): Promise<{ id: number; name: string }> {
  return ok<{ id: number; name: string }>(request, "POST", "/api/tags", { name: `xss-${Date.now().toString(36)}${randomInt(1000)}` });
}

// ---------------------------------------------------------------------------------------------
// Watching a page

/**
 * Arms a context: `window.__xss` becomes a trap that records any write (a payload cannot clobber
 * it with an element id either), CSP violations are recorded, and dialogs are recorded and dismissed.
 */
async function arm(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __xssHits: string[]; __cspViolations: string[] };
    w.__xssHits = [];
    w.__cspViolations = [];
    Object.defineProperty(window, "__xss", {
      configurable: false,
      get: () => w.__xssHits.length,
      set: (value: unknown) => void w.__xssHits.push(String(value)),
    });
    document.addEventListener("securitypolicyviolation", (e) => {
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
  const dialogs: string[] = [];
  context.on("page", (p) => watchDialogs(p, dialogs));
  for (const p of context.pages()) watchDialogs(p, dialogs);
  return dialogs;
}

function watchDialogs(page: Page, dialogs: string[]) {
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy|hydrat/i.test(msg.text())) dialogs.push(`console: ${msg.text().slice(0, 300)} on ${page.url()}`);
  });
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()} on ${page.url()}`);
    void dialog.dismiss().catch(() => undefined);
  });
}

/** What in the current DOM could run script: on* attributes, script URLs, foreign scripts, frames. */
async function dangerousDom(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const URL_ATTRS = new Set(["href", "src", "action", "formaction", "xlink:href", "data", "background", "poster", "srcset", "dynsrc", "lowsrc", "codebase", "cite", "ping"]);
    // What the browser would treat as a script URL: control characters and whitespace are ignored in the scheme.
    const scriptUrl = (v: string) => {
      const s = v.replace(/[\u0000-\u0020\u007f-\u00a0\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g, "").toLowerCase();
      return /^(javascript|vbscript|livescript):/.test(s) || /^data:(text\/html|image\/svg|application\/(x-)?javascript|text\/javascript)/.test(s);
    };
    const short = (el: Element) => el.outerHTML.slice(0, 160);
    for (const el of Array.from(document.querySelectorAll("*"))) {
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.toLowerCase();
        if (name.startsWith("on")) found.push(`event attribute ${name}: ${short(el)}`);
        if (name === "srcdoc") found.push(`srcdoc: ${short(el)}`);
        if (URL_ATTRS.has(name) && scriptUrl(attr.value)) found.push(`script URL in ${name}: ${short(el)}`);
      }
      const tag = el.tagName.toLowerCase();
      if (["iframe", "frame", "object", "embed", "base", "applet", "portal"].includes(tag)) found.push(`<${tag}>: ${short(el)}`);
      if (tag === "meta" && el.hasAttribute("http-equiv") && el.closest("body")) found.push(`meta http-equiv in body: ${short(el)}`);
      // Scripts the page adds later (Next's chunks, React re-renders) carry no nonce; a payload's would say so.
      if (tag === "script" && !(el as HTMLScriptElement).nonce && /alert|__xss|evil\.example|^data:|javascript:/i.test(`${el.getAttribute("src") ?? ""} ${el.textContent ?? ""}`)) {
        found.push(`payload script: ${short(el)}`);
      }
      if ((el as HTMLElement).style?.cssText && /expression|javascript:|binding/i.test((el as HTMLElement).style.cssText)) found.push(`script in style: ${short(el)}`);
    }
    return found;
  });
}

type Armed = { page: Page; dialogs: string[] };

/** Loads a path and fails on any sign that a payload ran or could run. Returns the page's visible text. */
async function expectInert({ page, dialogs }: Armed, path: string, label = path): Promise<void> {
  const res = await page.goto(path, { waitUntil: "load" });
  expect(res?.status(), `${label}: status`).toBeLessThan(400);
  // The server's HTML: every <script> in it is one of ours, carrying this response's CSP nonce.
  const nonce = /'nonce-([^']+)'/.exec(res?.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce, `${label}: CSP nonce`).toBeTruthy();
  const foreign = ((await res!.text()).match(/<script\b[^>]*>/gi) ?? []).filter((tag) => !tag.includes(`nonce="${nonce}"`));
  expect(foreign, `${label}: <script> tags in the HTML without the nonce`).toEqual([]);
  // Late handlers (onerror of failed images, autofocus, animations) run by the load event or in the
  // frames after it: wait for React to hydrate the page, then for two more frames.
  await waitForHydration(page.locator("body"));
  await afterTwoFrames(page);
  await checkNow({ page, dialogs }, label);
}

async function checkNow({ page, dialogs }: Armed, label: string) {
  const state = await page.evaluate(() => {
    const w = window as unknown as { __xssHits: string[]; __cspViolations: string[] };
    return { hits: w.__xssHits, violations: w.__cspViolations.filter((v) => v.startsWith("script-src") || v.startsWith("default-src")) };
  });
  expect(dialogs, `${label}: a payload opened a dialog (or the console reported a CSP or hydration error)`).toEqual([]);
  expect(state.hits, `${label}: a payload set window.__xss`).toEqual([]);
  expect(state.violations, `${label}: the CSP had to block script the sanitizer let through`).toEqual([]);
  expect(await dangerousDom(page), `${label}: dangerous markup in the DOM`).toEqual([]);
  // Payload text is long and unbroken: it must wrap, not push the page sideways.
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(widths.viewport);
}

/** Text as the browser shows it in <title> and attribute values: no controls, whitespace collapsed. */
const shown = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim();

/** The head of a question page: <title>, meta description, Open Graph title and the JSON-LD name. */
async function headOf(page: Page) {
  return page.evaluate(() => {
    const meta = (sel: string) => document.head.querySelector(sel)?.getAttribute("content") ?? null;
    const ld = Array.from(document.querySelectorAll('script[type="application/ld+json"]'));
    return {
      title: document.title,
      h1: document.querySelector("h1")?.textContent ?? null,
      description: meta('meta[name="description"]'),
      ogTitle: meta('meta[property="og:title"]'),
      twitterTitle: meta('meta[name="twitter:title"]'),
      ldCount: ld.length,
      ld: ld.map((s) => s.textContent ?? ""),
      metaCount: document.head.querySelectorAll('meta[name="description"]').length,
      ogCount: document.head.querySelectorAll('meta[property="og:title"]').length,
    };
  });
}

test.describe("XSS corpus", () => {
  test("the corpus has at least 200 distinct payloads of every kind", async () => {
    // Weakness: a thin corpus that misses whole families of tricks gives false comfort.
    const texts = new Set(XSS_PAYLOADS.map((p) => p.text));
    expect(texts.size).toBe(XSS_PAYLOADS.length);
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(200);
    const kinds = new Set(XSS_PAYLOADS.map((p) => p.kind));
    for (const kind of ["script tag", "event attribute", "javascript:/data: URL in HTML", "SVG and MathML", "broken markup and encodings", "Markdown trick", "Unicode look-alike or invisible"]) {
      expect(kinds.has(kind), kind).toBe(true);
    }
  });

  test("the harness notices a payload that runs, a dialog, and dangerous markup", async ({ page }) => {
    // Weakness: checks that could never fail. The same detectors, on a page where a payload does run.
    const dialogs = await arm(page.context());
    await page.goto("/login");
    await page.evaluate(() => {
      document.body.insertAdjacentHTML("beforeend", '<img src="data:," onerror="window.__xss=1"><a href="java&#x09;script:void 0">x</a>');
      (window as unknown as { __xss: number }).__xss = 1;
    });
    page.once("dialog", () => undefined);
    await page.evaluate(() => setTimeout(() => alert(1), 0));
    await expect.poll(() => dialogs.filter((d) => d.startsWith("alert:")).length).toBe(1);
    // The CSP refused the inline onerror handler, and the console said so.
    expect(dialogs.some((d) => d.startsWith("console:") && /Content Security Policy/.test(d))).toBe(true);
    const hits = await page.evaluate(() => (window as unknown as { __xssHits: string[] }).__xssHits);
    expect(hits).toEqual(["1"]);
    const dom = await dangerousDom(page);
    expect(dom.some((d) => d.startsWith("event attribute onerror"))).toBe(true);
    expect(dom.some((d) => d.startsWith("script URL in href"))).toBe(true);
    // The CSP stopped the inline handler: the listener saw it.
    await expect.poll(() => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.length)).toBeGreaterThan(0);
  });

  test("question titles and descriptions: on the question page, in <title>, meta description, Open Graph and JSON-LD, in lists and search", async ({ browser }) => {
    // Weakness: a title is written into the page, the document head (title, meta, Open Graph) and
    // a JSON-LD <script>; one missed escape there runs script for every visitor, search engines' previews included.
    test.setTimeout(600_000);
    const asker = await newMember(browser);
    await trust(asker.user.id);
    const dialogs = await arm(asker.context);
    const armed = { page: asker.page, dialogs };
    const { id: tagId, name: tagName } = await someTag(asker.page.request);

    // Titles are 10 to 200 characters: the corpus packed into titles, each version of one question rendered.
    const titles = packPayloads(ALL, 200).map((t) => (t.trim().length < 10 ? `${t} ..........` : t));
    // Descriptions: the whole corpus, one payload a paragraph, in two questions (20,000 characters each at most).
    const half = Math.ceil(ALL.length / 2);
    const descriptions = [ALL.slice(0, half), ALL.slice(half)].map((part) => part.map((p) => p.text).join("\n\n"));

    const first = await ask(asker.page.request, { title: titles[0]!, description: descriptions[0]!, tagIds: [tagId] });
    const second = await ask(asker.page.request, { title: titles[1]!, description: descriptions[1]!, tagIds: [tagId] });

    for (const question of [first, second]) {
      await expectInert(armed, `/questions/${question.id}`, `question ${question.id} with the corpus in its description`);
      const head = await headOf(asker.page);
      expect(head.metaCount, "exactly one meta description").toBe(1);
      expect(head.ogCount, "exactly one og:title").toBe(1);
      expect(head.ldCount, "exactly one JSON-LD block").toBe(1);
    }
    await screenshots(asker.page, "security-xss-question");

    // Every title version: shown as text in the h1, <title>, og:title and JSON-LD, and inert. The
    // descriptions were checked above: here a short one keeps each page light.
    const description = "Each version of this question's title packs some of the corpus.";
    for (const [i, title] of titles.entries()) {
      const question = i % 2 === 0 ? first : second;
      const saved = await ok<{ title: string }>(asker.page.request, "PUT", `/api/questions/${question.id}`, { title, description, tagIds: [tagId] });
      await expectInert(armed, `/questions/${question.id}`, `title ${i}: ${title.slice(0, 60)}`);
      const head = await headOf(asker.page);
      expect(shown(head.h1 ?? ""), `title ${i} in the h1`).toBe(shown(saved.title));
      expect(shown(head.title), `title ${i} in <title>`).toBe(shown(`${saved.title} · Agora`));
      expect(shown(head.ogTitle ?? ""), `title ${i} in og:title`).toBe(shown(saved.title));
      expect(shown(head.twitterTitle ?? ""), `title ${i} in twitter:title`).toBe(shown(saved.title));
      expect(head.ldCount, `title ${i}: exactly one JSON-LD block`).toBe(1);
      const ld = JSON.parse(head.ld[0]!) as { mainEntity: { name: string } };
      expect(ld.mainEntity.name, `title ${i} in JSON-LD`).toBe(saved.title);
    }

    // The same titles and description excerpts in lists: the tag page, the member feed, the
    // asker's profile, and search results (whose snippets are HTML with <mark>). The corpus
    // descriptions first go back on the two questions.
    for (const [k, question] of [first, second].entries()) {
      await ok(asker.page.request, "PUT", `/api/questions/${question.id}`, { title: titles[k]!, description: descriptions[k]!, tagIds: [tagId] });
    }
    await expectInert(armed, `/tags/${encodeURIComponent(tagName)}`, "tag page");
    await expectInert(armed, "/", "home feed");
    await expectInert(armed, `/users/${asker.user.id}`, "asker's profile");
    for (const term of ["onerror", "javascript", "script alert", "svg onload"]) {
      await expectInert(armed, `/search?q=${encodeURIComponent(term)}`, `search for ${term}`);
    }
    await expectInert(armed, `/search?q=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`, "search for a payload");
    await asker.context.close();
  });

  test("answers, comments, replies and notifications: member text on the question page and in the notification list and bell", async ({ browser }) => {
    // Weakness: answers and comments are Markdown rendered to HTML by one sanitizer; notifications
    // quote titles and names in another component. A hole in either runs script in the asker's session.
    test.setTimeout(300_000);
    const asker = await newMember(browser);
    const names = packPayloads(ALL, 100);
    // The answerer's name is a payload: it shows in the asker's notifications and next to the answer.
    const answerer = await newMember(browser, { firstName: names[0]!, lastName: names[1]! });
    await trust(asker.user.id);
    await trust(answerer.user.id);
    const dialogs = await arm(asker.context);
    const armed = { page: asker.page, dialogs };
    const { id: tagId } = await someTag(asker.page.request);
    const question = await ask(asker.page.request, {
      title: '"><img src=x onerror=alert(1)> How do I show <script>alert(1)</script> safely?',
      description: "Hostile answers welcome.",
      tagIds: [tagId],
    });

    // One answer with the whole corpus (30,000 characters at most).
    const answerText = ALL.map((p) => p.text).join("\n\n");
    const answer = await ok<{ id: number }>(answerer.page.request, "POST", `/api/questions/${question.id}/answers`, { content: answerText });
    // Comments (2,000 characters each): the corpus packed, one paragraph per payload; each gets a reply with the next pack.
    const packs = packPayloads(ALL, 2000, "\n\n");
    for (const [i, pack] of packs.entries()) {
      const comment = await ok<{ id: number }>(answerer.page.request, "POST", `/api/answers/${answer.id}/comments`, { content: pack });
      await ok(asker.page.request, "POST", `/api/comments/${comment.id}/replies`, { content: packs[(i + 1) % packs.length] });
    }
    // A comment edited into a payload takes the PATCH path.
    const edited = await ok<{ id: number }>(answerer.page.request, "POST", `/api/answers/${answer.id}/comments`, { content: "harmless" });
    await ok(answerer.page.request, "PATCH", `/api/comments/${edited.id}`, { content: "<img src=x onerror=alert(1)> [x](javascript:alert(1))" });

    await expectInert(armed, `/questions/${question.id}`, "question with hostile answer, comments and replies");
    // The answer's text shows as text: the payloads are readable, not swallowed.
    await expect(asker.page.locator(`#answer-${answer.id}`)).toContainText("<script>alert(1)</script>");
    await screenshots(asker.page, "security-xss-answers");

    // Notifications: the answer notified the asker, quoting the title and the answerer's name.
    await expectInert(armed, "/notifications", "notifications page");
    await expect(asker.page.getByText(names[0]!.trim().slice(0, 20), { exact: false }).first()).toBeVisible();
    await asker.page.goto(`/questions/${question.id}`);
    const bell = asker.page.getByRole("button", { name: /notification/i }).first();
    await bell.click();
    await asker.page.waitForTimeout(500);
    await checkNow(armed, "notification bell open");
    await answerer.context.close();
    await asker.context.close();
  });

  test("AI output: the worker's answer (live stream and stored) and a custom-prompt preview, all from a provider answering with the corpus", async ({ browser }) => {
    // Weakness: the AI's text is attacker-influenced (prompt injection through questions and
    // sources) and reaches the page twice: streamed into the browser, then stored. Both must be inert.
    test.setTimeout(300_000);
    const member = await newMember(browser);
    await trust(member.user.id);
    const dialogs = await arm(member.context);
    const armed = { page: member.page, dialogs };
    const { id: tagId } = await someTag(member.page.request);
    const half = Math.ceil(ALL.length / 2);
    const parts = [ALL.slice(0, half), ALL.slice(half)].map((part) => part.map((p) => p.text).join("\n\n"));

    const questions = [];
    for (const [i, part] of parts.entries()) {
      const q = await ask(member.page.request, {
        title: `AI output check ${i + 1}: what does the assistant answer?`,
        description: `${replyMarker(part)}\n\nPlease answer.`,
        tagIds: [tagId],
      });
      questions.push(q);
      // Open the page at once: the answer streams in while the page watches.
      await expectInert(armed, `/questions/${q.id}`, `AI answer streaming, part ${i + 1}`);
    }
    for (const [i, q] of questions.entries()) {
      await expect
        .poll(async () => (await ok<{ aiStatus: { status: string } | null }>(member.page.request, "GET", `/api/questions/${q.id}`)).aiStatus?.status, {
          timeout: 120_000,
          intervals: [1_000],
        })
        .toBe("done");
      await checkNow(armed, `AI answer streamed, part ${i + 1}`);
      await expectInert(armed, `/questions/${q.id}`, `AI answer stored, part ${i + 1}`);
      await expect(member.page.getByText("window.__xss=1").first()).toBeVisible();
    }

    // A custom-prompt preview renders the AI's Markdown in the browser, then posts it as the member's answer.
    const q = questions[0]!;
    await member.page.goto(`/questions/${q.id}`);
    const previewPayloads = packPayloads(ALL, 4_000, "\n\n")[0]!;
    await member.page.getByLabel("Custom prompt").fill(replyMarker(previewPayloads));
    await member.page.getByRole("button", { name: "Generate Answer" }).click();
    await expect(member.page.getByRole("button", { name: "Submit Answer" })).toBeVisible({ timeout: 60_000 });
    await checkNow(armed, "AI preview");
    await member.page.getByRole("button", { name: "Submit Answer" }).click();
    await expect(member.page.getByRole("button", { name: "Submit Answer" })).toBeHidden({ timeout: 30_000 });
    await checkNow(armed, "AI preview posted");
    await expectInert(armed, `/questions/${q.id}`, "AI preview posted, reloaded");
    await member.context.close();
  });

  test("profiles: names, bio, city, country and website on the profile page, the members directory and the head", async ({ browser }) => {
    // Weakness: profile fields are plain text shown in many places (profile header, cards, <title>,
    // meta description); the website becomes a link, where a javascript: URL would run on click.
    test.setTimeout(300_000);
    const member = await newMember(browser);
    const viewer = await newMember(browser, {}, true); // on a phone: long names must wrap
    const dialogs = await arm(viewer.context);
    const armed = { page: viewer.page, dialogs };

    // Script URLs as the website are refused outright; anything accepted is stored as an http(s)
    // URL ("//evil.example/x" is a plain website, kept as https://evil.example/x) and links inertly.
    for (const url of HOSTILE_URLS) {
      const res = await call(member.page.request, "PUT", "/api/users/profile", { firstName: "Web", website: url });
      if (/^\s*(j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t|data|vbscript)\s*:/i.test(url)) expect(res.status(), `website ${JSON.stringify(url)}`).toBe(400);
      if (!res.ok()) {
        expect(res.status(), `website ${JSON.stringify(url)}`).toBe(400);
        continue;
      }
      const saved = (await res.json()) as { website: string | null };
      expect(new URL(saved.website ?? "").protocol, `stored website for ${JSON.stringify(url)}`).toMatch(/^https?:$/);
      await expectInert(armed, `/users/${member.user.id}`, `website ${url}`);
      const hrefs = await viewer.page.locator("main a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
      for (const href of hrefs) expect(href, `link with website ${url}`).toMatch(/^(https?:\/\/|\/|#|mailto:)/);
    }

    const names = packPayloads(ALL, 100);
    const bios = packPayloads(ALL, 500, "\n");
    const rounds = Math.max(Math.ceil(names.length / 2), bios.length);
    for (let i = 0; i < rounds; i++) {
      const profile = {
        firstName: names[(2 * i) % names.length],
        lastName: names[(2 * i + 1) % names.length],
        bio: bios[i % bios.length],
        city: names[(2 * i + 2) % names.length],
        country: names[(2 * i + 3) % names.length],
        website: "https://example.com/profile",
      };
      if (i % 20 === 0) await forgetLimits(member.user.id, "profileEditHourly");
      const saved = await ok<{ firstName: string; lastName: string; bio: string }>(member.page.request, "PUT", "/api/users/profile", profile);
      await expectInert(armed, `/users/${member.user.id}`, `profile round ${i}`);
      const head = await headOf(viewer.page);
      expect(shown(head.h1 ?? ""), `name round ${i} in the h1`).toContain(shown(saved.firstName));
      expect(shown(head.title), `name round ${i} in <title>`).toBe(shown(`${saved.firstName} ${saved.lastName} · Agora`));
      expect(shown(head.description ?? ""), `bio round ${i} in meta description`).toBe(shown(saved.bio));
      if (i === 0) await screenshots(viewer.page, "security-xss-profile");
    }
    await expectInert(armed, `/users?tab=new`, "members directory");
    await member.context.close();
    await viewer.context.close();
  });

  test("groups: name, description and rules on the group page and in the directory", async ({ browser }) => {
    // Weakness: group texts are shown to every member on the directory and group pages and in the head.
    test.setTimeout(300_000);
    const owner = await newMember(browser, {}, true); // on a phone: long names must wrap
    const dialogs = await arm(owner.context);
    const armed = { page: owner.page, dialogs };
    const names = packPayloads(ALL, 100);
    const descriptions = packPayloads(ALL, 500, "\n");
    const rules = packPayloads(ALL, 1000, "\n");
    const GROUPS = 8;
    const groups: number[] = [];
    await forgetLimits(owner.user.id, "groupCreateDaily");
    for (let g = 0; g < GROUPS; g++) {
      if (g === 4) await forgetLimits(owner.user.id, "groupCreateDaily");
      const group = await ok<{ id: number }>(owner.page.request, "POST", "/api/groups", { name: names[g], description: descriptions[g], rules: rules[g] });
      groups.push(group.id);
    }
    const rounds = Math.max(Math.ceil(names.length / GROUPS), Math.ceil(descriptions.length / GROUPS), rules.length);
    for (let r = 0; r < rounds; r++) {
      for (const [g, id] of groups.entries()) {
        const k = r * GROUPS + g;
        await ok(owner.page.request, "PATCH", `/api/groups/${id}`, {
          name: names[k % names.length],
          description: descriptions[k % descriptions.length],
          rules: rules[(r + g) % rules.length],
        });
      }
      await expectInert(armed, "/groups", `groups directory round ${r}`);
      const shownGroup = groups[r % GROUPS]!;
      const saved = await ok<{ name: string }>(owner.page.request, "GET", `/api/groups/${shownGroup}`);
      await expectInert(armed, `/groups/${shownGroup}`, `group page round ${r}`);
      const head = await headOf(owner.page);
      expect(shown(head.title), `group name round ${r} in <title>`).toBe(shown(`${saved.name} · Agora`));
      expect(shown(head.h1 ?? ""), `group name round ${r} in the h1`).toBe(shown(saved.name));
      if (r === 0) await screenshots(owner.page, "security-xss-group");
    }
    await owner.context.close();
  });

  test("tag names: markup, quotes and script URLs are refused, so chips, tag pages and the sitemap never carry them", async ({ page }) => {
    // Weakness: tag names appear in URLs, chips, <title>, keywords and the sitemap; the only safe
    // tag name is one that cannot hold markup at all.
    test.setTimeout(120_000);
    const email = uniqueEmail("xss-tags");
    expect((await call(page.request, "POST", "/api/register", { email, password: DEMO_PASSWORD })).status()).toBe(201);
    for (const { text } of ALL) {
      const res = await call(page.request, "POST", "/api/tags", { name: text.slice(0, 50) });
      if (res.ok()) {
        // The only names that pass are letters, digits and + # . - : nothing a browser could run.
        const tag = (await res.json()) as { name: string };
        expect(tag.name, `tag made from ${JSON.stringify(text)}`).toMatch(/^[\p{L}\p{N}][\p{L}\p{N}+#.-]*$/u);
      } else {
        expect(res.status(), `tag ${JSON.stringify(text)}`).toBe(400);
      }
    }
    const dialogs = await arm(page.context());
    await expectInert({ page, dialogs }, "/tags", "tag directory");
    const sitemap = await call(page.request, "GET", "/sitemap.xml");
    expect(await sitemap.text()).not.toMatch(/<script|onerror=|javascript:/i);
  });
});

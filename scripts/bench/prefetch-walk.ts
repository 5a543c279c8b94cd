// npm run bench:prefetch -- --url http://127.0.0.1:3100 [--email maya@demo.agora.dev] [--password agora-demo]
//
// What one page view costs the server in renders: a member walks ten pages in Chromium as a
// person would (each page loaded, hydrated, scrolled to the end, then left alone until the
// network is quiet) and this counts the requests the browser's router sends besides the page
// itself: prefetches and RSC payloads (`RSC` or `Next-Router-Prefetch` headers). Every page of
// Agora renders per request (the CSP nonce), so each of them is a server render. Prints one row
// per page and the total; see docs/PERFORMANCE.md ("Prefetch on intent").
import { chromium, type Page } from "@playwright/test";

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : fallback;
};
const base = option("url", "http://127.0.0.1:3100").replace(/\/$/, "");
const email = option("email", "maya@demo.agora.dev");
const password = option("password", "agora-demo");
const executablePath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p) ?? undefined;

async function quiet(page: Page) {
  // An open stream (the AI answer, notifications) can keep the network busy: wait at most 10 s.
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
}

async function main() {
  const browser = await chromium.launch({ executablePath, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");

  const questions = (await (await page.request.get("/api/questions?limit=2&sort=votes")).json()) as { id: number; tags: { name: string }[] }[];
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
  const walk = [
    "/",
    "/?filter=popular",
    `/questions/${questions[0]!.id}`,
    `/questions/${questions[1]!.id}`,
    "/tags",
    `/tags/${encodeURIComponent(questions[0]!.tags[0]?.name ?? "react")}`,
    "/groups",
    "/users",
    `/users/${me.id}`,
    "/notifications",
  ];

  let current: { sent: number; aborted: number; paths: Set<string> } = { sent: 0, aborted: 0, paths: new Set() };
  page.on("request", (req) => {
    const h = req.headers();
    if (!h["rsc"] && !h["next-router-prefetch"]) return;
    current.sent++;
    current.paths.add(new URL(req.url()).pathname);
  });
  page.on("requestfailed", (req) => {
    const h = req.headers();
    if (h["rsc"] || h["next-router-prefetch"]) current.aborted++;
  });

  const rows: { page: string; renders: number; aborted: number; routes: number }[] = [];
  for (const path of walk) {
    current = { sent: 0, aborted: 0, paths: new Set() };
    await page.goto(path);
    await quiet(page);
    await page.mouse.wheel(0, 20_000);
    await quiet(page);
    rows.push({ page: path, renders: 1 + current.sent, aborted: current.aborted, routes: current.paths.size });
  }
  await browser.close();

  const total = rows.reduce((n, r) => n + r.renders, 0);
  const aborted = rows.reduce((n, r) => n + r.aborted, 0);
  console.table(rows);
  console.log(`[bench] ${walk.length} page views: ${total} server renders (${(total / walk.length).toFixed(1)} a page view), ${aborted} router requests aborted`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/** @jest-environment node */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { db } from "@/lib/server/db";
import { GET as metricsGet } from "@/app/api/metrics/route";
import { GET as tagsGet } from "@/app/api/tags/route";
import { metrics, observeAiGeneration, observePageCache, resetRouteTable, routeLabel } from "@/lib/server/metrics";
import { PageStore } from "@/lib/server/page-cache/store";
import { observeHttpRequest } from "@/lib/server/request-layer";
import { currentRequestContext } from "@/lib/server/log";
import { routeContext, visitorRequest } from "@/tests/factories";

const savedToken = process.env.METRICS_TOKEN;

afterEach(() => {
  if (savedToken === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = savedToken;
});

afterAll(async () => {
  await db.$disconnect();
});

const scrape = (authorization?: string) =>
  metricsGet(visitorRequest("/api/metrics", authorization ? { headers: { Authorization: authorization } } : {}), routeContext());

describe("GET /api/metrics", () => {
  it("does not exist (404) while METRICS_TOKEN is unset, even with a bearer token", async () => {
    delete process.env.METRICS_TOKEN;
    expect((await scrape()).status).toBe(404);
    expect((await scrape("Bearer anything")).status).toBe(404);
  });

  it("answers 401 without the token or with a wrong one", async () => {
    process.env.METRICS_TOKEN = "metrics-token-for-tests";
    const none = await scrape();
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: "Unauthorized: a valid metrics token is required", code: "unauthorized", key: "metricsTokenRequired", params: {} });
    expect((await scrape("Bearer metrics-token-for-test")).status).toBe(401);
    expect((await scrape("metrics-token-for-tests")).status).toBe(401);
  });

  it("serves Prometheus text with the request, pool, AI, mail and page-cache metrics", async () => {
    process.env.METRICS_TOKEN = "metrics-token-for-tests";
    // Use the pool, and record the work the other metrics count.
    expect((await tagsGet(visitorRequest("/api/tags"), routeContext())).status).toBe(200);
    observeAiGeneration("done", 1.5, { input: 120, output: 80 });
    observePageCache("hit");
    observePageCache("miss");
    const res = await scrape("Bearer metrics-token-for-tests");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^agora_db_pool_connections\{state="total"\} [1-9]\d*$/m);
    expect(text).toMatch(/^agora_db_pool_connections\{state="idle"\} \d+$/m);
    expect(text).toMatch(/^agora_db_pool_connections\{state="waiting"\} 0$/m);
    expect(text).toMatch(/^agora_ai_jobs_owed \d+$/m);
    expect(text).toMatch(/^agora_ai_jobs_failed \d+$/m);
    expect(text).toMatch(/^agora_mail_outbox_pending \d+$/m);
    expect(text).toMatch(/^agora_mail_outbox_failed \d+$/m);
    expect(text).toMatch(/^agora_ai_generation_seconds_count\{outcome="done"\} [1-9]/m);
    expect(text).toMatch(/^agora_ai_tokens_total\{kind="output"\} [1-9]/m);
    expect(text).toMatch(/^agora_page_cache_requests_total\{result="hit"\} [1-9]/m);
    expect(text).toMatch(/^agora_page_cache_requests_total\{result="miss"\} [1-9]/m);
    expect(text).toMatch(/^agora_process_cpu_seconds_total /m);
    expect(text).not.toContain("metrics-token-for-tests");
  });

  it("reports the memory the installed page cache holds, against its cap", async () => {
    process.env.METRICS_TOKEN = "metrics-token-for-tests";
    const store = new PageStore({ maxBytes: 4 * 1024 * 1024, ttlMs: 60_000 });
    store.finish(store.begin(12), "12|site|browser|en", { headers: [], gzipped: Buffer.alloc(3000, "a"), length: 3000, size: 3256 });
    // Where lib/server/page-cache/install.ts puts the store of the running server.
    const holder = globalThis as Record<symbol, unknown>;
    holder[Symbol.for("agora.pageCacheInstalled")] = store;
    try {
      const text = await (await scrape("Bearer metrics-token-for-tests")).text();
      expect(text).toMatch(/^agora_page_cache_bytes\{kind="used"\} 3256$/m);
      expect(text).toMatch(/^agora_page_cache_bytes\{kind="cap"\} 4194304$/m);
      expect(text).toMatch(/^agora_page_cache_pages 1$/m);
    } finally {
      delete holder[Symbol.for("agora.pageCacheInstalled")];
    }
  });

  it("registers its metrics once per process, however often the module is loaded", () => {
    const first = metrics();
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const again = require("@/lib/server/metrics") as typeof import("@/lib/server/metrics");
      expect(again.metrics()).toBe(first);
    });
  });
});

describe("request metrics and request ids at the HTTP layer", () => {
  let server: http.Server;
  let base: string;
  const seenIds: (string | undefined)[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) =>
      observeHttpRequest(req, res, () => {
        seenIds.push(currentRequestContext()?.requestId);
        res.statusCode = req.url?.startsWith("/missing") ? 404 : 200;
        res.end("ok");
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("labels requests by route template, never by raw id", async () => {
    resetRouteTable();
    await fetch(`${base}/api/questions/98765/answers`);
    await fetch(`${base}/api/questions/98765/answers?cursor=abc`);
    await fetch(`${base}/questions/4242`);
    const text = await metrics().registry.getSingleMetricAsString("agora_http_requests_total");
    expect(text).toContain('agora_http_requests_total{method="GET",route="/api/questions/[id]/answers",status="200"} 2');
    expect(text).toContain('route="/questions/[id]"');
    expect(text).not.toContain("98765");
    expect(text).not.toContain("4242");
    const duration = await metrics().registry.getSingleMetricAsString("agora_http_request_duration_seconds");
    expect(duration).toMatch(/agora_http_request_duration_seconds_count\{method="GET",route="\/api\/questions\/\[id\]\/answers"\} 2/);
  });

  it("uses the templates of the built app's route manifest when there is one", () => {
    const cwd = process.cwd();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-routes-"));
    fs.mkdirSync(path.join(dir, ".next"));
    fs.writeFileSync(
      path.join(dir, ".next", "routes-manifest.json"),
      JSON.stringify({ staticRoutes: [{ page: "/about", regex: "^/about(?:/)?$" }], dynamicRoutes: [{ page: "/tags/[tagName]", regex: "^/tags/([^/]+?)(?:/)?$" }] }),
    );
    try {
      process.chdir(dir);
      resetRouteTable();
      expect(routeLabel("/tags/javascript")).toBe("/tags/[tagName]");
      expect(routeLabel("/about")).toBe("/about");
      expect(routeLabel("/wp-login.php")).toBe("(unmatched)");
    } finally {
      process.chdir(cwd);
      resetRouteTable();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("falls back to replacing id-like segments before a build", () => {
    expect(routeLabel("/_next/static/chunks/abc123.js")).toBe("/_next/...");
    expect(routeLabel("/uploads/1f2e3d.webp")).toBe("/uploads/[name]");
    expect(routeLabel("/api/users/cmabc123def456ghi789jkl0/profile")).toBe("/api/users/[id]/profile");
  });

  it("returns a sane incoming X-Request-Id, replaces an insane one, and makes it the request's log context", async () => {
    seenIds.length = 0;
    const kept = await fetch(`${base}/api/tags`, { headers: { "X-Request-Id": "lb-1234.abc" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-1234.abc");
    const replaced = await fetch(`${base}/api/tags`, { headers: { "X-Request-Id": "bad id\twith spaces" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const generated = await fetch(`${base}/api/tags`);
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(seenIds).toEqual(["lb-1234.abc", replaced.headers.get("x-request-id"), generated.headers.get("x-request-id")]);
  });
});

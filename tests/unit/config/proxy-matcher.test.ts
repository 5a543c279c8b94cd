/**
 * @jest-environment node
 */
// Which requests go through the proxy (proxy.ts): every page gets its nonce and policy there, the
// JSON API skips it and gets its static policy from next.config.mjs instead, but for next-auth's
// /api/auth/... The two patterns are written in two files: every path must get exactly one policy.
import { unstable_doesMiddlewareMatch, unstable_getResponseFromNextConfig } from "next/experimental/testing/server";

import nextConfig from "@/next.config.mjs";
import { config } from "@/proxy";

const proxied = (url: string) => unstable_doesMiddlewareMatch({ config, url });
const staticPolicy = async (url: string) =>
  (await unstable_getResponseFromNextConfig({ url: `http://localhost${url}`, nextConfig })).headers.get("content-security-policy");

const PAGES = ["/", "/questions/12", "/about", "/login", "/admin", "/uploads/a.png", "/apidocs"];
const NEXT_AUTH = ["/api/auth/session", "/api/auth/callback/github"];
const API = ["/api/questions/12", "/api/questions?limit=1", "/api/notifications/unread-count", "/api/authors", "/api/auth"];

describe("the proxy's matcher and the API's static policy", () => {
  it.each([...PAGES, ...NEXT_AUTH])("runs the proxy for %s, and no static policy", async (url) => {
    expect(proxied(url)).toBe(true);
    await expect(staticPolicy(url)).resolves.toBeNull();
  });

  it.each(API)("leaves %s to next.config.mjs's policy, which runs nothing", async (url) => {
    expect(proxied(url)).toBe(false);
    await expect(staticPolicy(url)).resolves.toBe(
      "default-src 'none'; script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
    );
  });

  it.each(["/_next/static/chunks/a.js", "/_next/image?url=x"])("leaves the build asset %s alone", (url) => {
    expect(proxied(url)).toBe(false);
  });
});

/**
 * @jest-environment node
 */
// Which requests go through the proxy (proxy.ts): every page gets its nonce and policy there, the
// JSON API skips it (its static policy comes from next.config.mjs) but for next-auth's /api/auth/...
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";

import { config } from "@/proxy";

const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });

describe("the proxy's matcher", () => {
  it.each(["/", "/questions/12", "/about", "/login", "/admin", "/uploads/a.png", "/api/auth/session", "/api/auth/callback/github", "/apidocs"])("runs the proxy for %s", (url) => {
    expect(matches(url)).toBe(true);
  });

  it.each(["/api/questions/12", "/api/questions?limit=1", "/api/notifications/unread-count", "/api/authors", "/_next/static/chunks/a.js", "/_next/image?url=x"])(
    "leaves %s to next.config.mjs's headers",
    (url) => {
      expect(matches(url)).toBe(false);
    },
  );
});

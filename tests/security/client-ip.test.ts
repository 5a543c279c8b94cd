/** @jest-environment node */
// Weakness guarded against: a client choosing its own address for per-IP limits (sign-in
// attempts, sign-ups) by sending X-Forwarded-For when no proxy in front of Agora vouches for it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { db } from "@/lib/server/db";
import { readEnv } from "@/lib/config/env";
import { clientIp, closeRateLimitStore, rateLimits } from "@/lib/server/rate-limit";
import { installPeerAddressHeader, PEER_ADDRESS_HEADER } from "@/lib/server/peer-address";
import { unique } from "@/tests/factories";
import { callRoute, discoverRoutes, routeKey } from "@/tests/security/support";

const saved = process.env.TRUST_PROXY;

// As instrumentation.ts does in every server process.
beforeAll(() => installPeerAddressHeader());

afterEach(() => {
  if (saved === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = saved;
});

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

const request = (forwardedFor: string | null, peer: string | null) =>
  new Request("http://localhost/", {
    headers: { ...(forwardedFor !== null ? { "x-forwarded-for": forwardedFor } : {}), ...(peer !== null ? { [PEER_ADDRESS_HEADER]: peer } : {}) },
  });

describe("clientIp and TRUST_PROXY", () => {
  it("ignores a client's X-Forwarded-For by default (TRUST_PROXY unset or 0): the connection's address counts", () => {
    delete process.env.TRUST_PROXY;
    expect(clientIp(request("6.6.6.6", "203.0.113.5"))).toBe("203.0.113.5");
    process.env.TRUST_PROXY = "0";
    expect(clientIp(request("6.6.6.6, 7.7.7.7", "203.0.113.5"))).toBe("203.0.113.5");
    expect(clientIp(request(null, "203.0.113.5"))).toBe("203.0.113.5");
  });

  it("reads the address each trusted proxy appended, counting from the right", () => {
    process.env.TRUST_PROXY = "1"; // one proxy: it appended the client it saw, and connected to us
    expect(clientIp(request("6.6.6.6, 198.51.100.7", "10.0.0.2"))).toBe("198.51.100.7");
    process.env.TRUST_PROXY = "2"; // a CDN, then a load balancer
    expect(clientIp(request("6.6.6.6, 198.51.100.7, 10.0.0.9", "10.0.0.2"))).toBe("198.51.100.7");
  });

  it("takes the leftmost address when the chain is shorter than the proxies it should have passed", () => {
    process.env.TRUST_PROXY = "3";
    expect(clientIp(request("198.51.100.7", "10.0.0.2"))).toBe("198.51.100.7");
  });

  it("where the connection's address is unknown (serverless platforms set X-Forwarded-For themselves), the last entry stands for it", () => {
    delete process.env.TRUST_PROXY;
    expect(clientIp(request("198.51.100.7", null))).toBe("198.51.100.7");
    expect(clientIp(request("6.6.6.6, 198.51.100.7", null))).toBe("198.51.100.7");
    expect(clientIp(request(null, null))).toBe("local");
  });

  it("ignores the peer-address header in a process that does not stamp it (a client could have sent it)", () => {
    delete process.env.TRUST_PROXY;
    const flags = globalThis as Record<symbol, unknown>;
    const stamped = Symbol.for("agora.peerAddressStamped");
    delete flags[stamped]; // a process where instrumentation.ts did not run
    try {
      expect(clientIp(request("198.51.100.7", "6.6.6.6"))).toBe("198.51.100.7");
    } finally {
      flags[stamped] = true;
    }
  });

  it("is checked at start-up: a wrong TRUST_PROXY stops Agora with one line naming it", () => {
    for (const value of ["abc", "-1", "11", "1.5"]) expect(() => readEnv({ NODE_ENV: "test", TRUST_PROXY: value })).toThrow(/^Configuration error: TRUST_PROXY/);
    expect(readEnv({ NODE_ENV: "test", TRUST_PROXY: "1" }).TRUST_PROXY).toBe("1");
  });
});

describe("the peer-address header", () => {
  it("carries the connection's own address, overwriting whatever the client sent under that name", async () => {
    const server = http.createServer((req, res) => res.end(String(req.headers[PEER_ADDRESS_HEADER])));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { [PEER_ADDRESS_HEADER]: "6.6.6.6", "x-forwarded-for": "6.6.6.6" } });
      expect(await res.text()).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("per-IP limits", () => {
  it("cannot be dodged by rotating X-Forwarded-For when no proxy is trusted, and follow the proxy's word when one is", async () => {
    const register = (await discoverRoutes()).find((r) => routeKey(r) === "POST /api/register")!;
    const send = (forwardedFor: string, peer: string) =>
      callRoute(register, { json: { email: `ip-${unique()}@example.com`, password: "long enough password" }, headers: { "x-forwarded-for": forwardedFor, [PEER_ADDRESS_HEADER]: peer } });

    delete process.env.TRUST_PROXY;
    const direct = [];
    for (let i = 0; i <= rateLimits.register.points; i++) direct.push((await send(`6.6.${i}.${i + 1}`, "203.0.113.77")).status);
    expect(direct.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(direct.at(-1)).toBe(429);

    process.env.TRUST_PROXY = "1";
    const proxied = [];
    for (let i = 0; i <= rateLimits.register.points; i++) proxied.push((await send(`198.51.${i}.${i + 1}`, "10.0.0.2")).status);
    expect(proxied.every((s) => s === 201)).toBe(true);
  });
});

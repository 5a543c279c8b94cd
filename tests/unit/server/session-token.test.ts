/**
 * @jest-environment node
 */
// The session cookie is decoded with a key derived once (lib/server/auth/session.ts), not per
// request as next-auth's own decode does: what next-auth encodes must still decode, and nothing
// else may.
import crypto from "node:crypto";
import { EncryptJWT } from "jose";
import { encode } from "next-auth/jwt";
import { decodeSessionToken } from "@/lib/server/auth/session";

const SECRET = "session-token-test-secret-session-token-test-secret";

describe("decodeSessionToken", () => {
  const saved = process.env.NEXTAUTH_SECRET;
  beforeEach(() => {
    process.env.NEXTAUTH_SECRET = SECRET;
  });
  afterAll(() => {
    process.env.NEXTAUTH_SECRET = saved;
  });

  it("reads the claims of a token next-auth encoded, again and again", async () => {
    const token = await encode({ token: { sub: "member-1", sid: "session-1" }, secret: SECRET });
    await expect(decodeSessionToken(token)).resolves.toEqual({ sub: "member-1", sid: "session-1" });
    await expect(decodeSessionToken(token)).resolves.toEqual({ sub: "member-1", sid: "session-1" });
  });

  it("refuses a token encrypted with another secret, and follows a changed secret", async () => {
    const other = await encode({ token: { sub: "member-1", sid: "session-1" }, secret: "another-secret-another-secret-another" });
    await expect(decodeSessionToken(other)).resolves.toBeNull();
    process.env.NEXTAUTH_SECRET = "another-secret-another-secret-another";
    await expect(decodeSessionToken(other)).resolves.toEqual({ sub: "member-1", sid: "session-1" });
  });

  it("refuses an expired, tampered, foreign-shaped or oversized token", async () => {
    const expired = await encode({ token: { sub: "m", sid: "s" }, secret: SECRET, maxAge: -60 });
    await expect(decodeSessionToken(expired)).resolves.toBeNull();
    const token = await encode({ token: { sub: "m", sid: "s" }, secret: SECRET });
    const parts = token.split(".");
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.endsWith("AA") ? "BB" : "AA");
    await expect(decodeSessionToken(parts.join("."))).resolves.toBeNull();
    const noSid = await encode({ token: { sub: "m" }, secret: SECRET });
    await expect(decodeSessionToken(noSid)).resolves.toBeNull();
    await expect(decodeSessionToken("x".repeat(16_001))).resolves.toBeNull();
    await expect(decodeSessionToken("not-a-token")).resolves.toBeNull();
    await expect(decodeSessionToken(null)).resolves.toBeNull();
  });

  it("refuses a token wrapped with another algorithm under the same key", async () => {
    const key = new Uint8Array(crypto.hkdfSync("sha256", SECRET, "", "NextAuth.js Generated Encryption Key", 32));
    const wrapped = await new EncryptJWT({ sub: "m", sid: "s" }).setProtectedHeader({ alg: "A256KW", enc: "A256GCM" }).setIssuedAt().setExpirationTime("1h").encrypt(key);
    await expect(decodeSessionToken(wrapped)).resolves.toBeNull();
    const direct = await new EncryptJWT({ sub: "m", sid: "s" }).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).setIssuedAt().setExpirationTime("1h").encrypt(key);
    await expect(decodeSessionToken(direct)).resolves.toEqual({ sub: "m", sid: "s" });
  });
});

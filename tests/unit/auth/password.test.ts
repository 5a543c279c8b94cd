/** @jest-environment node */
import { hashPassword, verifyDummyPassword, verifyPassword } from "@/lib/server/auth/password";

describe("hashPassword / verifyPassword", () => {
  it("stores scrypt$16384$8$1$<salt>$<64-byte hash> with a fresh salt each time", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(a.split("$")[5]!, "base64")).toHaveLength(64);
    expect(a).not.toBe(b);
  });

  it("accepts the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery");
    await expect(verifyPassword("correct horse battery", stored)).resolves.toBe(true);
    await expect(verifyPassword("correct horse batterY", stored)).resolves.toBe(false);
    await expect(verifyPassword("", stored)).resolves.toBe(false);
  });

  it("handles non-ASCII passwords", async () => {
    const stored = await hashPassword("pässwörd ✓ 密码");
    await expect(verifyPassword("pässwörd ✓ 密码", stored)).resolves.toBe(true);
    await expect(verifyPassword("passwort ✓ 密码", stored)).resolves.toBe(false);
  });

  it.each([
    ["null", null],
    ["empty", ""],
    ["bcrypt", "$2b$10$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234"],
    ["missing parts", "scrypt$16384$8$1$c2FsdA=="],
    ["not base64", "scrypt$16384$8$1$!!!$???"],
    ["absurd cost", `scrypt$4194304$8$1$${Buffer.alloc(16).toString("base64")}$${Buffer.alloc(64).toString("base64")}`],
    ["N not a power of two", `scrypt$10000$8$1$${Buffer.alloc(16).toString("base64")}$${Buffer.alloc(64).toString("base64")}`],
    ["short hash", `scrypt$16384$8$1$${Buffer.alloc(16).toString("base64")}$${Buffer.alloc(4).toString("base64")}`],
  ])("answers false for a malformed stored value (%s)", async (_label, stored) => {
    await expect(verifyPassword("anything", stored)).resolves.toBe(false);
  });

  it("verifies hashes made with other stored parameters", async () => {
    // The parameters travel with the hash, so a cheaper or costlier one still verifies.
    const crypto = await import("node:crypto");
    const salt = crypto.randomBytes(16);
    const key = crypto.scryptSync("legacy", salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
    await expect(verifyPassword("legacy", stored)).resolves.toBe(true);
    await expect(verifyPassword("Legacy", stored)).resolves.toBe(false);
  });

  it("verifyDummyPassword always answers false", async () => {
    await expect(verifyDummyPassword("whatever")).resolves.toBe(false);
  });
});

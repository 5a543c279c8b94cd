import "server-only";
import crypto from "node:crypto";

// scrypt with Node's recommended interactive cost; the parameters are stored with each hash,
// so they can be raised later without invalidating older hashes.
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const MAX_MEMORY = 64 * 1024 * 1024;

function scrypt(plain: string, salt: Buffer, keyLength: number, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(plain, salt, keyLength, { N: n, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$16384$8$1$<saltB64>$<hashB64>` with a fresh random salt. */
export async function hashPassword(plain: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const key = await scrypt(plain, salt, KEY_LENGTH, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

const STORED = /^scrypt\$(\d{1,7})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

/** Whether plain matches a stored hash, compared in constant time; false for a malformed stored value. */
export async function verifyPassword(plain: string, stored: string | null | undefined): Promise<boolean> {
  const match = typeof stored === "string" ? STORED.exec(stored) : null;
  if (!match) return false;
  const [n, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const salt = Buffer.from(match[4]!, "base64");
  const expected = Buffer.from(match[5]!, "base64");
  // Bounds keep a corrupted row from asking scrypt for absurd work or memory.
  const sane =
    n >= 2 && n <= 1 << 20 && (n & (n - 1)) === 0 && r >= 1 && r <= 32 && p >= 1 && p <= 16 &&
    128 * n * r <= MAX_MEMORY / 2 && salt.length >= 8 && expected.length >= 16 && expected.length <= 128;
  if (!sane) return false;
  try {
    const actual = await scrypt(plain, salt, expected.length, n, r, p);
    return crypto.timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real verification, for sign-ins whose account does not exist. */
export async function verifyDummyPassword(plain: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  await verifyPassword(plain, await dummyHash);
  return false;
}

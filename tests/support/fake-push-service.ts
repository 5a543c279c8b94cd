// A push service on loopback, faked at its HTTP boundary (issue 15): it receives what a browser's
// push service (FCM, Mozilla autopush, Apple) receives from Agora's sender, a Web Push request
// (RFC 8030) with a VAPID Authorization header (RFC 8292), a TTL and an aes128gcm body
// (RFC 8291), records it, and answers 201, or whatever status a test chose for an endpoint
// (410 Gone: the browser unsubscribed). It also plays the browser's part: a subscription's key
// pair, and the decryption of a received body with it; and it checks the VAPID signature.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedPush {
  /** The endpoint's path, e.g. /push/abc. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface FakePushService {
  /** http://127.0.0.1:port */
  url: string;
  received: ReceivedPush[];
  /** Answers `status` to every later push to this path. */
  answer(path: string, status: number): void;
  /** Resolves once `count` pushes in all have arrived at the path (no fixed sleeps). */
  waitFor(path: string, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const waiters = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      if (req.method !== "POST") {
        res.writeHead(405).end();
        return;
      }
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const status = statuses.get(path) ?? 201;
      res.writeHead(status, status === 201 ? { Location: `${path}/message/${received.length}` } : {}).end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const at = (path: string) => received.filter((r) => r.path === path);
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status) => void statuses.set(path, status),
    waitFor: (path, count = 1, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (at(path).length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(at(path));
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the fake push service got ${at(path).length} of ${count} pushes at ${path}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export interface BrowserKeys {
  p256dh: string;
  auth: string;
  /** Decrypts an aes128gcm push body (RFC 8291) sent to this subscription. */
  decrypt(body: Buffer): string;
}

export function createBrowserKeys(): BrowserKeys {
  const ecdh = crypto.createECDH("prime256v1");
  const uaPublic = ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);
  return {
    p256dh: uaPublic.toString("base64url"),
    auth: authSecret.toString("base64url"),
    decrypt(body: Buffer): string {
      // Header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
      const ikm = Buffer.from(crypto.hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
      const cek = Buffer.from(crypto.hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
      const nonce = Buffer.from(crypto.hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
      const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error("not the last record of an aes128gcm body");
      return padded.subarray(0, end).toString("utf8");
    },
  };
}

/** The claims of a push's VAPID header after checking its ES256 signature against the key it names (`k`). */
export function verifyVapid(authorization: string | undefined): { aud: string; exp: number; sub: string; k: string } {
  const match = authorization?.match(/^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/);
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, token, k] = match as unknown as [string, string, string];
  const [header, payload, signature] = token.split(".") as [string, string, string];
  const point = Buffer.from(k, "base64url");
  const key = crypto.createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const valid = crypto.verify("sha256", Buffer.from(`${header}.${payload}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!valid) throw new Error("the VAPID signature does not verify");
  const alg = JSON.parse(Buffer.from(header, "base64url").toString("utf8")).alg;
  if (alg !== "ES256") throw new Error(`VAPID JWT alg ${alg}`);
  return { ...JSON.parse(Buffer.from(payload, "base64url").toString("utf8")), k };
}

/** A VAPID key pair as the environment takes it (base64url), for tests. */
export function createVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey();
  return { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString("base64url") };
}

/**
 * Gives the server a fresh VAPID key pair (and optionally a subject) for the enclosing describe
 * block or file, and puts the environment back afterwards: a jest worker runs other files after
 * this one, and some of them expect push to be unavailable. Returns the pair.
 */
export function withVapidKeys(subject?: string): { publicKey: string; privateKey: string } {
  const vapid = createVapidKeys();
  const names = ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const;
  let saved: Record<(typeof names)[number], string | undefined>;
  beforeAll(() => {
    saved = { VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: process.env.VAPID_PRIVATE_KEY, VAPID_SUBJECT: process.env.VAPID_SUBJECT };
    process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
    process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
    if (subject !== undefined) process.env.VAPID_SUBJECT = subject;
  });
  afterAll(() => {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });
  return vapid;
}

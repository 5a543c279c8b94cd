import { createHash } from "node:crypto";
import type http from "node:http";
import zlib from "node:zlib";
import {
  CACHE_STATUS_HEADER,
  COMPRESSION_THRESHOLD,
  cacheableQuestionId,
  negotiateEncoding,
  storableResponse,
  variantOf,
  withVary,
} from "@/lib/server/page-cache/rules";
import { hashPage } from "@/lib/server/page-cache/hashed-page";
import type { CachedPage, PageStore } from "@/lib/server/page-cache/store";
import { observePageCache } from "@/lib/server/metrics";

/*
 * The page cache in front of a request handler (Next's, or a test's). For a visitor's GET of a
 * question page it answers from memory, or lets the handler render while capturing the HTML,
 * stores it when allowed, and sends it on. A page it keeps is the same bytes for every reader:
 * rendered with a nonce, which marks Agora's own scripts, and stored without it, under a policy
 * listing the hashes of those scripts (hashed-page.ts); the miss that stored it is sent the same
 * way. Everything else passes through untouched. docs/ARCHITECTURE.md ("Page cache") and
 * docs/SECURITY.md describe the rules.
 */

export interface PageCacheLayerOptions {
  store: PageStore;
  /** The page policy for a nonce (lib/security/csp.ts pageCsp): a render's policy must be exactly this to be stored. */
  policy: (nonce: string) => string;
  /** The policy of a stored page from its inline scripts' SHA-256s (lib/security/csp.ts hashedPageCsp). */
  hashedPolicy: (sha256s: readonly string[]) => string;
  /** Next's classification of a user agent as a bot ("dom", "html") or undefined. */
  botType?: (userAgent: string) => string | undefined;
  /** Called after each hit has been sent (the page's view counting). */
  onHit?: (questionId: number, req: http.IncomingMessage) => void;
  /** zlib level for compressed responses (default 6, as Next's compression). */
  compressionLevel?: number;
  /**
   * Cache-Control for a visitor's page that shared caches (a CDN, a reverse proxy) may keep
   * (sharedCacheControl in rules.ts), or null to keep Next's private one. Sent on hits and on the
   * misses this cache stored or could have stored, for browsers only (not bots' variant).
   */
  sharedCacheControl?: string | null;
}

export type NextHandler = () => void;
export type PageCacheLayer = (req: http.IncomingMessage, res: http.ServerResponse, next: NextHandler) => void;

const noBot = () => undefined;

function compress(body: Buffer, encoding: "gzip" | "deflate", level: number): Buffer {
  return encoding === "gzip" ? zlib.gzipSync(body, { level }) : zlib.deflateSync(body, { level });
}

function isCompressible(type: unknown): boolean {
  return /^(text\/|application\/(json|javascript|xml|[a-z.+-]*\+(json|xml)))/i.test(String(type ?? ""));
}

export function createPageCacheLayer(options: PageCacheLayerOptions): PageCacheLayer {
  const { store } = options;
  const botType = options.botType ?? noBot;
  const level = options.compressionLevel ?? zlib.constants.Z_DEFAULT_COMPRESSION;
  const shared = options.sharedCacheControl ?? null;
  const isBrowserVariant = (req: http.IncomingMessage) => !botType(String(req.headers["user-agent"] ?? ""));
  /** The response may be kept by shared caches: its Cache-Control, and what it varies on besides the URL. */
  const markShared = (res: http.ServerResponse) => {
    res.setHeader("cache-control", shared!);
    res.setHeader("vary", withVary(withVary(res.getHeader("vary") as string | undefined, "Accept-Language"), "Cookie"));
  };

  function serveHit(req: http.IncomingMessage, res: http.ServerResponse, questionId: number, page: CachedPage) {
    const etag = page.headers.find(([name]) => name === "etag")?.[1];
    const encoding = negotiateEncoding(req.headers["accept-encoding"] as string | undefined);
    const grouped = new Map<string, string[]>();
    for (const [name, value] of page.headers) grouped.set(name, [...(grouped.get(name) ?? []), value]);
    res.statusCode = 200;
    for (const [name, values] of grouped) res.setHeader(name, values.length === 1 ? values[0] : values);
    res.setHeader("vary", withVary(grouped.get("vary")?.join(", "), "Accept-Encoding"));
    if (shared && isBrowserVariant(req)) markShared(res);
    // How long this copy has been kept: a shared cache counts its own freshness from it (RFC 9111, 4.2.3).
    res.setHeader("age", store.ageSeconds(page));
    if (etag && matchesEtag(req.headers["if-none-match"], etag)) {
      // The reader (a browser revalidating, a CDN refreshing a stale copy) has these very bytes.
      res.statusCode = 304;
      res.removeHeader("content-type");
      res.setHeader(CACHE_STATUS_HEADER, "hit");
      res.end();
      options.onHit?.(questionId, req);
      return;
    }
    let body: Buffer;
    if (encoding === "gzip" && page.length >= COMPRESSION_THRESHOLD) {
      body = page.gzipped;
      res.setHeader("content-encoding", "gzip");
    } else {
      const html = zlib.gunzipSync(page.gzipped);
      body = html;
      if (encoding && html.length >= COMPRESSION_THRESHOLD) {
        body = compress(html, encoding, level);
        res.setHeader("content-encoding", encoding);
      }
    }
    res.setHeader("content-length", body.length);
    res.setHeader(CACHE_STATUS_HEADER, "hit");
    if (req.method === "HEAD") res.end();
    else res.end(body);
    options.onHit?.(questionId, req);
  }

  function captureMiss(req: http.IncomingMessage, res: http.ServerResponse, questionId: number, key: string, next: NextHandler) {
    const ticket = store.begin(questionId);
    // Next renders without compressing; this layer compresses what it sends, as Next would have.
    const encoding = negotiateEncoding(req.headers["accept-encoding"] as string | undefined);
    delete req.headers["accept-encoding"];

    const original = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders };
    const chunks: Buffer[] = [];
    let finished = false;
    const toBuffer = (chunk: unknown, enc?: unknown): Buffer | null => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return null;
      if (Buffer.isBuffer(chunk)) return chunk;
      if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      return Buffer.from(String(chunk), typeof enc === "string" ? (enc as BufferEncoding) : "utf8");
    };
    const restore = () => {
      res.writeHead = original.writeHead;
      res.write = original.write;
      res.end = original.end;
      res.flushHeaders = original.flushHeaders;
    };
    res.on("close", () => {
      if (finished) return;
      finished = true;
      restore();
      store.finish(ticket, key);
    });

    res.writeHead = function (this: http.ServerResponse, status: number, ...rest: unknown[]) {
      res.statusCode = status;
      const headers = rest.find((arg) => typeof arg === "object" && arg !== null) as http.OutgoingHttpHeaders | string[] | undefined;
      if (Array.isArray(headers)) {
        for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
      } else if (headers) {
        for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
      }
      return res;
    } as typeof res.writeHead;
    res.flushHeaders = () => {};
    res.write = function (chunk: unknown, enc?: unknown, cb?: unknown) {
      const buffer = toBuffer(chunk, enc);
      if (buffer) chunks.push(buffer);
      const callback = typeof enc === "function" ? enc : cb;
      if (typeof callback === "function") process.nextTick(callback as () => void);
      return true;
    } as typeof res.write;
    res.end = function (chunk?: unknown, enc?: unknown, cb?: unknown) {
      if (finished) return res;
      finished = true;
      const buffer = toBuffer(chunk, enc);
      if (buffer) chunks.push(buffer);
      restore();
      const callback = [chunk, enc, cb].find((arg) => typeof arg === "function") as (() => void) | undefined;
      const raw = Buffer.concat(chunks);
      const status = res.statusCode;
      const stored = storableResponse(status, res.getHeaders(), raw, options.policy);
      // The page as every reader gets it: without its nonce, under a policy of its scripts' hashes.
      const hashed = stored ? hashPage(raw.toString("utf8"), stored.nonce) : null;
      // A render that a change overtook (stale ticket) must not be kept by a shared cache either:
      // the purge for that change may already have been sent.
      const sharable = hashed !== null && shared !== null && !ticket.stale && store.isServing() && isBrowserVariant(req);
      let entry: CachedPage | null = null;
      let body: Buffer = raw;
      if (stored && hashed) {
        body = Buffer.from(hashed.html, "utf8");
        const policy = options.hashedPolicy(hashed.sha256s);
        res.setHeader("content-security-policy", policy);
        // Not replayed on hits (rules.ts), and a validator of Next's would describe the page with its nonce.
        res.removeHeader("last-modified");
        // Ours instead: weak, as the same page gzipped or not is one page (Vary: Accept-Encoding tells them apart).
        const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
        res.setHeader("etag", etag);
        const headers: [string, string][] = [...stored.headers, ["content-security-policy", policy], ["etag", etag]];
        const gzipped = compress(body, "gzip", level);
        const size = gzipped.length + headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0) + 256;
        const page: Omit<CachedPage, "storedAt" | "questionId"> = { headers, gzipped, length: body.length, size };
        if (store.finish(ticket, key, page)) entry = page as CachedPage;
      } else {
        store.finish(ticket, key);
      }
      res.setHeader(CACHE_STATUS_HEADER, "miss");
      const noTransform = /\bno-transform\b/i.test(String(res.getHeader("cache-control") ?? ""));
      if (encoding && body.length >= COMPRESSION_THRESHOLD && isCompressible(res.getHeader("content-type")) && !res.hasHeader("content-encoding") && !noTransform) {
        // A stored page was gzipped once for the store: this reader gets those very bytes.
        body = entry && encoding === "gzip" ? entry.gzipped : compress(body, encoding, level);
        res.setHeader("content-encoding", encoding);
      }
      if (isCompressible(res.getHeader("content-type"))) res.setHeader("vary", withVary(res.getHeader("vary") as string | undefined, "Accept-Encoding"));
      // After Accept-Encoding, as on a hit: the same headers, in the same order, for every reader.
      if (sharable) markShared(res);
      res.removeHeader("transfer-encoding");
      if (status !== 204 && status !== 304) res.setHeader("content-length", body.length);
      original.writeHead.call(res, status);
      const end = original.end as (this: http.ServerResponse, chunk?: Buffer, cb?: () => void) => http.ServerResponse;
      end.call(res, body.length > 0 ? body : undefined, callback);
      return res;
    } as typeof res.end;

    next();
  }

  return function pageCache(req, res, next) {
    const questionId = cacheableQuestionId(req);
    if (questionId === null) {
      if (req.url?.startsWith("/questions/")) res.setHeader(CACHE_STATUS_HEADER, "bypass");
      next();
      return;
    }
    if (!store.isServing()) {
      res.setHeader(CACHE_STATUS_HEADER, "off");
      next();
      return;
    }
    const key = `${questionId}|${variantOf(req, botType)}`;
    const page = store.get(key);
    observePageCache(page ? "hit" : "miss");
    if (page) {
      serveHit(req, res, questionId, page);
      return;
    }
    if (req.method !== "GET") {
      res.setHeader(CACHE_STATUS_HEADER, "miss");
      next();
      return;
    }
    captureMiss(req, res, questionId, key, next);
  };
}

/** Whether an If-None-Match value names this entity tag (weak comparison, RFC 9110 13.1.2), or is "*". */
export function matchesEtag(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return (Array.isArray(ifNoneMatch) ? ifNoneMatch.join(",") : ifNoneMatch).split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}

/** A plain request handler with the page cache in front (tests; the server install wraps Next's dispatch instead). */
export function withPageCache(layer: PageCacheLayer, handler: http.RequestListener): http.RequestListener {
  return (req, res) => layer(req, res, () => handler(req, res));
}

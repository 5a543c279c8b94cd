// Agora's Content-Security-Policy (issue 7, DECISIONS section 8). Pages get a policy where the
// only scripts that run are those carrying this request's nonce (Next's own, the theme script,
// the JSON-LD block) and what they load ('strict-dynamic'); no plugins, no <base>, no framing.
// A visitor's page the page cache keeps (issue 18) gets the same policy with the SHA-256 of each
// of Agora's own inline scripts in place of the nonce (hashedPageCsp), so that every visitor,
// and any shared cache, gets the same bytes and headers.
// Uploaded files get a policy that lets them do nothing at all.

/** The request header the proxy hands the nonce to server components in. */
export const NONCE_HEADER = "x-nonce";

/** A fresh, unguessable nonce: 16 random bytes, base64. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Every directive but script-src, shared by both page policies. */
const PAGE_DIRECTIVES = [
  "default-src 'self'",
  // Styles are not a script-execution path; Radix and sonner set inline styles at runtime.
  "style-src 'self' 'unsafe-inline'",
  // Member and AI Markdown may show images from any https address (lib/markdown/render.ts).
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "manifest-src 'self'",
  "worker-src 'self' blob:",
];

function policyWith(scriptSrc: string): string {
  return [PAGE_DIRECTIVES[0], scriptSrc, ...PAGE_DIRECTIVES.slice(1)].join("; ");
}

/**
 * The policy for pages and API responses. `dev` adds 'unsafe-eval', which React's development
 * build needs to rebuild server error stacks in the browser; production never allows eval.
 */
export function pageCsp(nonce: string, dev = false): string {
  return policyWith(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`);
}

/**
 * The policy of a page the page cache keeps (lib/server/page-cache/hashed-page.ts): the inline
 * scripts that run are exactly those whose SHA-256 (base64) is listed, the ones the render marked
 * as Agora's own with its nonce; the chunks come from 'self'. No 'strict-dynamic': it would
 * ignore 'self', and the page's <script src> tags would then need a nonce or an integrity hash.
 */
export function hashedPageCsp(sha256s: readonly string[]): string {
  return policyWith(["script-src 'self'", ...sha256s.map((hash) => `'sha256-${hash}'`)].join(" "));
}

/** The policy for stored uploads (/uploads/...): an image that can run nothing, even opened directly. */
export const UPLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox";

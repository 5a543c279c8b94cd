// Agora's Content-Security-Policy (issue 7, DECISIONS section 8). Pages get a policy where the
// only scripts that run are those carrying this request's nonce (Next's own, the theme script,
// the JSON-LD block) and what they load ('strict-dynamic'); no plugins, no <base>, no framing.
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

/**
 * The policy for pages and API responses. `dev` adds 'unsafe-eval', which React's development
 * build needs to rebuild server error stacks in the browser; production never allows eval.
 */
export function pageCsp(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
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
  ].join("; ");
}

/** The policy for stored uploads (/uploads/...): an image that can run nothing, even opened directly. */
export const UPLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox";

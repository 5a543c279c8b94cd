// The only place that decides where a sign-in may send the browser afterwards: a path on
// this site. Shared by GET /api/login, the /login page and its client panel.

/** The longest callback path kept; longer ones fall back to the home page. */
const MAX_CALLBACK_LENGTH = 2000;

/**
 * A same-site relative URL to return to after signing in, or "/" for anything else:
 * it must start with exactly one "/" (not "//" or "/\", which browsers treat as another host),
 * and contain no control characters or backslashes; the sign-in and sign-out routes become "/".
 */
export function safeCallbackUrl(value: unknown): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  if (typeof candidate !== "string") return "/";
  const url = candidate.trim();
  if (!url.startsWith("/") || url.length > MAX_CALLBACK_LENGTH) return "/";
  if (url.startsWith("//") || url.includes("\\")) return "/";
  if (/[\u0000-\u001f\u007f]/.test(url)) return "/";
  // Resolve against a placeholder origin: whatever the browser would make of it must stay on it.
  try {
    const base = "http://same.invalid";
    const resolved = new URL(url, base);
    if (resolved.origin !== base) return "/";
    // Going back to the sign-in or sign-out routes after signing in would loop or undo it.
    if (/^\/(login|api\/login|api\/logout|api\/auth)(\/|$)/.test(resolved.pathname)) return "/";
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return "/";
  }
}

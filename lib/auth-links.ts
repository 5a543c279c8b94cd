// Where sign-in and sign-up links go: GET /api/login (SPEC.md section 2), which redirects to
// /login, with the page to come back to (a same-site path; the sign-in page checks it again with
// safeCallbackUrl).

/** A page worth coming back to after signing in: not home, and not the sign-in page itself. */
function returnPath(path: string | null | undefined): string | null {
  if (!path || path === "/" || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/login")) return null;
  return path;
}

/**
 * The sign-in page that brings the visitor back to `path` afterwards. Member-only actions offer
 * it to visitors.
 */
export function signInHref(path: string): string {
  return `/login?callbackUrl=${encodeURIComponent(path)}`;
}

/** The header's "Sign In": `/api/login`, with `callbackUrl` when the visitor is on a page worth coming back to. */
export function headerSignInHref(path: string | null | undefined): string {
  const back = returnPath(path);
  return back ? `/api/login?callbackUrl=${encodeURIComponent(back)}` : "/api/login";
}

/** `/api/login?mode=signup`, with `callbackUrl` when the visitor should return somewhere other than home. */
export function signUpHref(returnTo = "/"): string {
  const params = new URLSearchParams({ mode: "signup" });
  const back = returnPath(returnTo);
  if (back) params.set("callbackUrl", back);
  return `/api/login?${params}`;
}

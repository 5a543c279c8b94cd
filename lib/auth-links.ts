// Where the visitors' "Sign up" buttons go: GET /api/login (SPEC.md section 2) with the
// "Create account" tab open, and the page to come back to once signed up or signed in.

/** `/api/login?mode=signup`, with `callbackUrl` when the visitor should return somewhere other than home. */
export function signUpHref(returnTo = "/"): string {
  const params = new URLSearchParams({ mode: "signup" });
  if (returnTo !== "/") params.set("callbackUrl", returnTo);
  return `/api/login?${params}`;
}

/**
 * The sign-in page that brings the visitor back to `path` afterwards (a same-site path; the
 * sign-in page checks it again with safeCallbackUrl). Member-only actions offer it to visitors.
 */
export function signInHref(path: string): string {
  return `/login?callbackUrl=${encodeURIComponent(path)}`;
}

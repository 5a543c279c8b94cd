import { MutationCache, QueryClient, type QueryFunction } from "@tanstack/react-query";

import { getJson, isSuspendedError, isUnauthorizedError, type UnauthorizedBehavior } from "@/lib/api-client/fetcher";
import { urlFromQueryKey } from "@/lib/api-client/keys";
import { toastError } from "@/lib/api-client/toast";
import { SUSPENDED_TOAST_TITLE } from "@/lib/suspension";

/** SPEC.md section 9: the sign-in redirect after an unauthorized error waits this long. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/** Where a signed-out member is sent to sign in again (a full navigation). */
export const LOGIN_URL = "/api/login";

/** A queryFn that GETs the URL its key describes (see keys.ts); on401 decides whether a 401 is null or an error. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = urlFromQueryKey(queryKey);
    return options.on401 === "returnNull"
      ? getJson<T>(url, { on401: "returnNull", signal })
      : getJson<T>(url, { signal });
  };
}

/**
 * The shared handler of failed mutations: the unauthorized case (toast, then sign in again)
 * and a suspended member's write (the server's "Your account is suspended until {date}." in
 * a toast) are handled here; every other failure is toasted by its own mutation.
 */
export function handleMutationError(error: unknown): void {
  if (isSuspendedError(error)) {
    toastError(SUSPENDED_TOAST_TITLE, error.serverMessage, { id: "suspended" });
    return;
  }
  if (!isUnauthorizedError(error)) return;
  toastError("Unauthorized", "You are logged out. Logging in again...", { id: "unauthorized" });
  setTimeout(() => {
    // A full page load on purpose: it drops every cached query of the signed-out member (and no router reaches here).
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.href = LOGIN_URL;
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}

/** A QueryClient with SPEC.md section 7's defaults: no retries, never stale, no refetch on focus or reconnect. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({ onError: handleMutationError }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

import { MutationCache, QueryClient, type QueryFunction } from "@tanstack/react-query";

import { getJson, isSuspendedError, isUnauthorizedError, type UnauthorizedBehavior } from "@/lib/api-client/fetcher";
import { urlFromQueryKey } from "@/lib/api-client/keys";
import { toastError } from "@/lib/api-client/toast";
import english from "@/messages/en/shell.json";

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

/** The texts of the shared mutation failures (messages "shell.session"), in the interface's language. */
export type SessionTexts = typeof english.session;

/** Reads the current language's texts when a failure happens. */
export type SessionTextsSource = () => SessionTexts;

const englishTexts: SessionTextsSource = () => english.session;

/** Each client's texts in the page's language (Providers sets them; English until then). */
const textsOfClient = new WeakMap<QueryClient, SessionTexts>();

/** Makes a client's shared failure toasts speak the page's language (Providers, on every change of language). */
export function setSessionTexts(client: QueryClient, texts: SessionTexts): void {
  textsOfClient.set(client, texts);
}

/** The session texts among a language's client messages (English when they are missing). */
export function sessionTextsOf(messages: unknown): SessionTexts {
  const shell = (messages as { shell?: { session?: SessionTexts } } | null | undefined)?.shell;
  return shell?.session ?? english.session;
}

/**
 * The shared handler of failed mutations: the unauthorized case (toast, then sign in again)
 * and a suspended member's write (the server's "Your account is suspended until {date}." in
 * a toast) are handled here; every other failure is toasted by its own mutation.
 */
export function handleMutationError(error: unknown, texts: SessionTextsSource = englishTexts): void {
  if (isSuspendedError(error)) {
    toastError(texts().suspendedTitle, error.serverMessage, { id: "suspended" });
    return;
  }
  if (!isUnauthorizedError(error)) return;
  const { unauthorizedTitle, unauthorizedBody } = texts();
  toastError(unauthorizedTitle, unauthorizedBody, { id: "unauthorized" });
  setTimeout(() => {
    // A full page load on purpose: it drops every cached query of the signed-out member (and no router reaches here).
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.href = LOGIN_URL;
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}

/** A QueryClient with SPEC.md section 7's defaults: no retries, never stale, no refetch on focus or reconnect. */
export function makeQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({ onError: (error) => handleMutationError(error, () => textsOfClient.get(client) ?? english.session) }),
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
  return client;
}

import { useQuery } from "@tanstack/react-query";

import { apiJson, getJson } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import type { CurrentUserJson } from "@/lib/server/accounts/presenters";

/** The signed-in member as GET /api/auth/user answers it (own e-mail and settings included). */
export type CurrentUser = CurrentUserJson;

/** GET /api/auth/user: the signed-in member, or null when signed out (a 401 is not an error here). */
export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  return getJson<CurrentUser>("/api/auth/user", { on401: "returnNull", signal });
}

/**
 * Who is signed in (SPEC.md section 4): authenticated only when the call returns a user;
 * a missing or failed result means signed out. A server-rendered page may pass what it
 * already knows as initialUser, so the first render needs no request.
 */
export function useCurrentUser(initialUser?: CurrentUser | null) {
  const query = useQuery({
    queryKey: keys.auth.user,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    retry: false,
    ...(initialUser !== undefined ? { initialData: initialUser } : {}),
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}

/** POST /api/auth/resend-verification: a new verification link for the signed-in member. */
export function resendVerification(): Promise<unknown> {
  return apiJson("POST", "/api/auth/resend-verification");
}

/** POST /api/auth/verify-email: spends a verification link's token. */
export function verifyEmailToken(token: string): Promise<{ emailVerified: true }> {
  return apiJson("POST", "/api/auth/verify-email", { token });
}

/** POST /api/auth/forgot-password: asks for a reset link (202 whether or not the address has an account). */
export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return apiJson("POST", "/api/auth/forgot-password", { email });
}

/** POST /api/auth/reset-password: sets a new password with a reset link's token. */
export function resetPasswordWithToken(token: string, newPassword: string): Promise<{ message: string }> {
  return apiJson("POST", "/api/auth/reset-password", { token, newPassword });
}

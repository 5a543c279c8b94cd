import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";

import { useCurrentUser, type CurrentUser } from "@/lib/api-client/auth";
import { makeQueryClient } from "@/lib/api-client/query-client";

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={makeQueryClient()}>{children}</QueryClientProvider>;
}

// jsdom has no Response; the fetcher reads only these members.
const answer = (status: number, body: unknown) => ({ ok: status < 300, status, statusText: "", text: async () => JSON.stringify(body) });

const me = { id: "u1", email: "ada@example.com", firstName: "Ada", lastName: null } as unknown as CurrentUser;

beforeEach(() => {
  global.fetch = jest.fn();
});

describe("useCurrentUser", () => {
  it("is loading, then authenticated with the user of GET /api/auth/user", async () => {
    (global.fetch as jest.Mock).mockResolvedValue(answer(200, me));
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    expect(result.current).toEqual({ user: null, isLoading: true, isAuthenticated: false });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current).toEqual({ user: me, isLoading: false, isAuthenticated: true });
    expect((global.fetch as jest.Mock).mock.calls[0]![0]).toBe("/api/auth/user");
  });

  it("treats a 401 as signed out, not as an error", async () => {
    (global.fetch as jest.Mock).mockResolvedValue(answer(401, { message: "Unauthorized" }));
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current).toEqual({ user: null, isLoading: false, isAuthenticated: false });
  });

  it("treats a failed call as signed out", async () => {
    (global.fetch as jest.Mock).mockRejectedValue(new TypeError("Failed to fetch"));
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.isAuthenticated).toBe(false);
    expect(global.fetch).toHaveBeenCalledTimes(1);
  });

  it("starts from a server-rendered user without a request", () => {
    const { result } = renderHook(() => useCurrentUser(me), { wrapper });
    expect(result.current).toEqual({ user: me, isLoading: false, isAuthenticated: true });
    expect(global.fetch).not.toHaveBeenCalled();
  });
});

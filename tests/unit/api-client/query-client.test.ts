/**
 * @jest-environment node
 */
import type { QueryClient } from "@tanstack/react-query";
import { toast } from "sonner";

import { ApiError } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import { makeQueryClient, sessionTextsOf, setSessionTexts } from "@/lib/api-client/query-client";
import { messagesByLocale } from "@/messages";
import { toastMutationError } from "@/lib/api-client/toast";

jest.mock("sonner", () => ({
  toast: Object.assign(jest.fn(), { error: jest.fn(), success: jest.fn() }),
}));

const toastError = toast.error as jest.Mock;
const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
const START_URL = "http://localhost/questions/1";

// The node environment has no window; the redirect only needs window.location.
const fakeWindow = { location: { href: START_URL } };

beforeAll(() => {
  (globalThis as { window?: unknown }).window = fakeWindow;
});

afterAll(() => {
  delete (globalThis as { window?: unknown }).window;
});

beforeEach(() => {
  jest.useFakeTimers();
  fakeWindow.location.href = START_URL;
  toastError.mockReset();
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => {
  jest.useRealTimers();
});

/** Runs one mutation through the client's MutationCache, as useMutation would. */
async function runFailingMutation(client: QueryClient, error: Error, onError?: (error: Error) => void) {
  const mutation = client.getMutationCache().build(client, {
    mutationFn: () => Promise.reject(error),
    onError,
  });
  await expect(mutation.execute(undefined)).rejects.toBe(error);
}

const unauthorized = () =>
  new ApiError(401, "Unauthorized", JSON.stringify({ message: "Unauthorized", code: "unauthorized" }));

describe("MutationCache onError", () => {
  it("toasts 'Unauthorized' and goes to /api/login after exactly 500 ms for a 401", async () => {
    const client = makeQueryClient();

    await runFailingMutation(client, unauthorized());

    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith(
      "Unauthorized",
      expect.objectContaining({ description: "You are logged out. Logging in again..." }),
    );
    expect(fakeWindow.location.href).toBe(START_URL);

    jest.advanceTimersByTime(499);
    expect(fakeWindow.location.href).toBe(START_URL);

    jest.advanceTimersByTime(1);
    expect(fakeWindow.location.href).toBe("/api/login");
  });

  it("speaks the page's language once Providers has set it (issue 15)", async () => {
    const client = makeQueryClient();
    setSessionTexts(client, sessionTextsOf(messagesByLocale.de));

    await runFailingMutation(client, unauthorized());

    expect(toastError).toHaveBeenCalledWith("Nicht angemeldet", expect.objectContaining({ description: "Du wurdest abgemeldet. Neue Anmeldung läuft..." }));
    jest.advanceTimersByTime(500);
    expect(fakeWindow.location.href).toBe("/api/login");
  });

  it("recognises the spec's plain '401: Unauthorized' message too", async () => {
    const client = makeQueryClient();

    await runFailingMutation(client, new Error("401: Unauthorized"));
    jest.advanceTimersByTime(500);

    expect(toastError).toHaveBeenCalledWith("Unauthorized", expect.anything());
    expect(fakeWindow.location.href).toBe("/api/login");
  });

  it.each([
    ["a 403", new ApiError(403, "Forbidden", JSON.stringify({ message: "You are not allowed to do this" }))],
    ["a 400", new ApiError(400, "Bad Request", JSON.stringify({ message: "Title is required" }))],
    ["a network error", new TypeError("Failed to fetch")],
  ])("leaves %s to the mutation's own handler: no toast, no redirect", async (_label, error) => {
    const client = makeQueryClient();
    const ownHandler = jest.fn();

    await runFailingMutation(client, error, ownHandler);
    jest.advanceTimersByTime(5000);

    expect(ownHandler).toHaveBeenCalledWith(error, undefined, undefined, expect.anything());
    expect(toastError).not.toHaveBeenCalled();
    expect(fakeWindow.location.href).toBe(START_URL);
  });

  it("lets a mutation's toastMutationError stay silent on 401 so only the Unauthorized toast shows", async () => {
    const client = makeQueryClient();

    await runFailingMutation(client, unauthorized(), (error) =>
      toastMutationError(error, "Error", "Failed to save question. Please try again."),
    );

    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith("Unauthorized", expect.anything());
  });

  it("toasts a suspended member's refused write once, with the server's message, and stays on the page", async () => {
    const client = makeQueryClient();
    const message = "Your account is suspended until December 4, 2026, 15:00 UTC.";
    const suspended = new ApiError(403, "Forbidden", JSON.stringify({ message, code: "suspended" }));

    await runFailingMutation(client, suspended, (error) => toastMutationError(error, "Error", "Failed to vote. Please try again."));
    jest.advanceTimersByTime(5000);

    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith("You cannot do this while suspended", expect.objectContaining({ description: message, id: "suspended" }));
    expect(fakeWindow.location.href).toBe(START_URL);
  });

  it("toastMutationError shows the destructive toast for other failures", async () => {
    const client = makeQueryClient();

    await runFailingMutation(client, new ApiError(500, "Internal Server Error", ""), (error) =>
      toastMutationError(error, "Error", "Failed to save question. Please try again."),
    );

    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith(
      "Error",
      expect.objectContaining({ description: "Failed to save question. Please try again." }),
    );
  });
});

describe("query defaults (SPEC.md section 7)", () => {
  it("never retries, never goes stale and never refetches on focus or reconnect", () => {
    const { queries, mutations } = makeQueryClient().getDefaultOptions();

    expect(queries).toMatchObject({
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      refetchInterval: false,
    });
    expect(mutations).toMatchObject({ retry: false });
  });

  it("GETs the key parts joined by '/' with the cookies", async () => {
    jest.useRealTimers();
    fetchMock.mockResolvedValue(Response.json({ saved: true }));
    const client = makeQueryClient();

    await expect(client.fetchQuery({ queryKey: keys.questions.saved(12) })).resolves.toEqual({ saved: true });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe("/api/questions/12/saved");
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: "include" });
  });

  it("encodes path parts and turns a trailing object into the query string", async () => {
    jest.useRealTimers();
    fetchMock.mockImplementation(async () => Response.json([]));
    const client = makeQueryClient();

    await client.fetchQuery({ queryKey: keys.tags.byName("c++") });
    await client.fetchQuery({ queryKey: keys.questions.list({ sort: "votes", tag: "c#", answers: undefined }) });
    await client.fetchQuery({ queryKey: keys.questions.list() });

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      "/api/tags/by-name/c%2B%2B",
      "/api/questions?sort=votes&tag=c%23",
      "/api/questions",
    ]);
  });

  it("does not retry a failed query", async () => {
    jest.useRealTimers();
    fetchMock.mockResolvedValue(new Response("", { status: 500, statusText: "Internal Server Error" }));
    const client = makeQueryClient();

    await expect(client.fetchQuery({ queryKey: keys.questions.trending })).rejects.toThrow("500: Internal Server Error");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

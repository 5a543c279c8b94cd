// Shared data and helpers of the home feed, question action and dialog component tests.
import { act, render } from "@testing-library/react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactElement } from "react";
import { toast, Toaster } from "sonner";

import { makeQueryClient } from "@/lib/api-client/query-client";
import type { QuestionSummary } from "@/lib/api-client/questions";
import type { Tag } from "@/lib/api-client/tags";

export const ada = { id: "u1", firstName: "Ada", lastName: "Lovelace", profileImageUrl: null, handle: "ada" };

let nextId = 1;

export function makeSummary(overrides: Partial<QuestionSummary> = {}): QuestionSummary {
  const id = overrides.id ?? nextId++;
  const now = new Date().toISOString();
  return {
    id,
    title: `Question number ${id} about hooks`,
    description: "An excerpt.",
    createdAt: now,
    updatedAt: now,
    lastActivityAt: now,
    viewCount: 3,
    voteScore: 1,
    answerCount: 1,
    commentCount: 0,
    hasAcceptedAnswer: false,
    isClosed: false,
    _count: { answers: 1 },
    author: ada,
    group: null,
    tags: [{ id: 1, name: "react", color: "#6366f1" }],
    aiAnswer: null,
    saved: false,
    viewerCan: { edit: false, delete: false, save: true, accept: false, vote: true, close: false, lock: false },
    ...overrides,
  };
}

export function makeTag(overrides: Partial<Tag> = {}): Tag {
  return {
    id: 1,
    name: "react",
    color: "#6366f1",
    categoryId: null,
    followCount: 2,
    createdAt: new Date().toISOString(),
    _count: { questions: 5, followers: 2 },
    ...overrides,
  };
}

/** A fetch answer as the fetcher reads it (jsdom has no Response): ok, status, text() and headers.get(). */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  const text = body === null ? "" : JSON.stringify(body);
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: "",
    text: async () => text,
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
  };
}

/** Renders with a fresh QueryClient (the app's defaults) and a Toaster, so toasts can be read. */
export function renderWithClient(ui: ReactElement, client: QueryClient = makeQueryClient()) {
  const result = render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/**
 * Lets components loaded on demand (next/dynamic, React.lazy: the members' tools, the menus)
 * arrive, so that a test saying one is absent means it, not that it had not loaded yet.
 */
export async function settleOnDemandCode() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Sonner keeps its toasts in a module-level store shared by every render. */
export function dismissToasts() {
  act(() => {
    toast.dismiss();
  });
}

/** jsdom lacks these; Radix menus, selects and dialogs call them. */
export function installDomShims() {
  const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.releasePointerCapture ??= () => {};
  proto.scrollIntoView ??= () => {};
  if (!window.matchMedia) {
    Object.defineProperty(window, "matchMedia", {
      configurable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }
  if (!("ResizeObserver" in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}

// Kept apart from messages/index.ts, which holds every language: client components import this.

/** Two sets of messages as one, namespace by namespace and key by key (a page's added to the shell's). */
export function mergeMessages<T extends object>(base: T, added: T): T {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(added)) {
    const had = out[key];
    out[key] = had && typeof had === "object" && value && typeof value === "object" ? mergeMessages(had as object, value as object) : value;
  }
  return out as T;
}

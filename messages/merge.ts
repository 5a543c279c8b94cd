// Kept apart from messages/index.ts, which holds every language: client components import this.

/** A level of keys, not a text: a precompiled text with arguments is an array (icu-minify's form), and is a leaf. */
const isLevel = (value: unknown): value is object => typeof value === "object" && value !== null && !Array.isArray(value);

/** Two sets of messages as one, namespace by namespace and key by key (a page's added to the shell's). */
export function mergeMessages<T extends object>(base: T, added: T): T {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(added)) {
    const had = out[key];
    out[key] = isLevel(had) && isLevel(value) ? mergeMessages(had, value) : value;
  }
  return out as T;
}

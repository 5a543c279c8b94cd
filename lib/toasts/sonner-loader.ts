// sonner, the toasts' library, loads on the first toast (issue 18): most pages never show one, and
// a visitor's page is lighter by its 10 KB. The Toaster (components/ui/sonner.tsx) mounts once it
// has been asked for; sonner hands a Toaster that subscribes late the toasts already raised.

type Sonner = typeof import("sonner");

let pending: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/** sonner's module, loading it on the first call (again after a failed load, e.g. offline). */
export function loadSonner(): Promise<Sonner> {
  if (!pending) {
    pending = import("sonner").catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    for (const listener of listeners) listener();
  }
  return pending;
}

/** Whether a toast has asked for sonner yet (the Toaster mounts from then on). */
export const sonnerRequested = (): boolean => pending !== undefined;

export function subscribeSonnerRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

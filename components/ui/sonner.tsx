"use client";

import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ToasterProps } from "sonner";

import { sonnerRequested, subscribeSonnerRequested } from "@/lib/toasts/sonner-loader";

const SonnerToaster = lazy(() => import("@/components/ui/sonner-toaster").then((m) => ({ default: m.SonnerToaster })));

/**
 * Where toasts appear. Nothing is rendered, and no code loaded, until the first toast
 * (lib/toasts/sonner-loader.ts); then sonner's Toaster mounts and shows it.
 */
function Toaster(props: ToasterProps) {
  const requested = useSyncExternalStore(subscribeSonnerRequested, sonnerRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
    </Suspense>
  );
}

export { Toaster };

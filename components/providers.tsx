"use client";

import { useState, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";

import { makeQueryClient } from "@/lib/api-client/query-client";
import { Toaster } from "@/components/ui/sonner";

/**
 * App-wide client context: theme, React Query and toasts (SPEC.md sections 7 and 9).
 * `nonce` is the request's CSP nonce, for the inline script next-themes writes.
 */
export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  // One client per browser session; a server render gets its own each request.
  const [queryClient] = useState(makeQueryClient);

  return (
    <ThemeProvider nonce={nonce} attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster
          position="bottom-right"
          visibleToasts={1}
          duration={5000}
          hotkey={["F8"]}
          richColors
          closeButton
          swipeDirections={["right"]}
        />
      </QueryClientProvider>
    </ThemeProvider>
  );
}

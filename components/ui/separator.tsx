import * as React from "react";

import { cn } from "@/lib/utils";

/**
 * A horizontal or vertical rule: decorative by default (role="none"), else a separator for
 * assistive technology, as Radix's Separator renders it (a plain element: no client code).
 */
function Separator({
  className,
  orientation = "horizontal",
  decorative = true,
  ...props
}: React.ComponentProps<"div"> & { orientation?: "horizontal" | "vertical"; decorative?: boolean }) {
  const semantics = decorative ? { role: "none" } : { role: "separator", "aria-orientation": orientation === "vertical" ? ("vertical" as const) : undefined };
  return (
    <div
      data-slot="separator"
      data-orientation={orientation}
      {...semantics}
      className={cn(
        "shrink-0 bg-border data-[orientation=horizontal]:h-px data-[orientation=horizontal]:w-full data-[orientation=vertical]:h-full data-[orientation=vertical]:w-px",
        className,
      )}
      {...props}
    />
  );
}

export { Separator };

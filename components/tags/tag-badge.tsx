import type { CSSProperties } from "react";

import { cn } from "@/lib/utils";

/** A tag's colour as a tint: the colour on a low-opacity background, with a readable text colour. */
export function tagTintStyle(color: string): CSSProperties {
  return {
    backgroundColor: `color-mix(in oklch, ${color} 14%, transparent)`,
    borderColor: `color-mix(in oklch, ${color} 45%, transparent)`,
  };
}

/**
 * A tag's name as a badge in its colour (SPEC.md section 2: colour with a low-opacity
 * background). The text keeps the theme's colour, so it reads in light and dark.
 */
export function TagBadge({ tag, size = "md", className }: { tag: { name: string; color: string }; size?: "md" | "lg"; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center gap-2 rounded-md border font-semibold text-foreground",
        size === "lg" ? "px-3 py-1.5 text-lg sm:text-xl" : "px-2 py-0.5 text-sm",
        className,
      )}
      style={tagTintStyle(tag.color)}
    >
      <span aria-hidden className={cn("shrink-0 rounded-full", size === "lg" ? "size-3" : "size-2")} style={{ backgroundColor: tag.color }} />
      <span className="truncate">{tag.name}</span>
    </span>
  );
}

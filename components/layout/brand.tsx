import { cn } from "@/lib/utils";

// The brand without a link, for pages that must load no client code (the 404 screen); logo.tsx
// adds the link every other page uses.

/** The product's name, never translated. */
export const PRODUCT_NAME = "Agora";

/** Agora's mark: a speech bubble holding a spark. Decorative; the name beside it carries the meaning. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn("size-8", className)}>
      <defs>
        <linearGradient id="agora-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#6d5cff" />
          <stop offset="100%" stopColor="#a855f7" />
        </linearGradient>
      </defs>
      <path
        d="M8 4h16a6 6 0 0 1 6 6v9a6 6 0 0 1-6 6h-7.5L10 29.5V25H8a6 6 0 0 1-6-6v-9a6 6 0 0 1 6-6Z"
        fill="url(#agora-logo-gradient)"
      />
      <path d="M16 8.5l1.7 4.3 4.3 1.7-4.3 1.7L16 20.5l-1.7-4.3-4.3-1.7 4.3-1.7Z" fill="#fff" />
    </svg>
  );
}

/** The classes of the brand's link home. */
export const BRAND_LINK_CLASS =
  "flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight text-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** The logo and the product name (the content of the link home). */
export function Brand() {
  return (
    <>
      <LogoMark className="size-8" />
      <span>{PRODUCT_NAME}</span>
    </>
  );
}

"use client";

import { useState, type ComponentProps } from "react";
import NextLink from "next/link";

type LinkProps = ComponentProps<typeof NextLink>;

/**
 * `next/link` that prefetches on intent only. Every page of Agora renders per request (the CSP
 * nonce), so a prefetch is a server render: Next's default, prefetching each link as it scrolls
 * into view, cost dozens of renders per page view that nobody asked for (docs/PERFORMANCE.md).
 * Here a link prefetches once it is hovered, focused or touched, as Next's own hover-prefetch
 * recipe does (`prefetch={false}` until then, the default after). An explicit `prefetch` wins.
 */
export default function Link({ prefetch, onMouseEnter, onFocus, onTouchStart, ...props }: LinkProps) {
  const [intent, setIntent] = useState(false);
  return (
    <NextLink
      {...props}
      prefetch={prefetch ?? (intent ? null : false)}
      onMouseEnter={(event) => {
        setIntent(true);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
    />
  );
}

"use client";

import * as React from "react";

import { cn } from "@/lib/utils";

// A round avatar: the picture once it has loaded, the fallback until then and when it fails (as
// Radix's Avatar, which this replaces on every page's first load, issue 18). The server's HTML
// carries the fallback only, so a picture that cannot load never shows as a broken image.

type Status = "loading" | "loaded" | "error";

const AvatarStatus = React.createContext<{ status: Status; setStatus: (status: Status) => void }>({ status: "loading", setStatus: () => {} });

function Avatar({ className, ...props }: React.ComponentProps<"span">) {
  const [status, setStatus] = React.useState<Status>("loading");
  const value = React.useMemo(() => ({ status, setStatus }), [status]);
  return (
    <AvatarStatus.Provider value={value}>
      <span data-slot="avatar" className={cn("relative flex size-8 shrink-0 overflow-hidden rounded-full", className)} {...props} />
    </AvatarStatus.Provider>
  );
}

function AvatarImage({ className, src, alt, ...props }: Omit<React.ComponentProps<"img">, "src"> & { src?: string }) {
  const { status, setStatus } = React.useContext(AvatarStatus);
  React.useEffect(() => {
    if (!src) {
      setStatus("error");
      return;
    }
    const image = new window.Image();
    const settle = () => setStatus(image.naturalWidth > 0 ? "loaded" : "error");
    image.addEventListener("load", settle);
    image.addEventListener("error", settle);
    image.src = src;
    if (image.complete) settle();
    return () => {
      image.removeEventListener("load", settle);
      image.removeEventListener("error", settle);
      setStatus("loading");
    };
  }, [src, setStatus]);
  if (status !== "loaded") return null;
  // eslint-disable-next-line @next/next/no-img-element -- a member's uploaded picture at its own small size
  return <img data-slot="avatar-image" className={cn("aspect-square size-full object-cover", className)} src={src} alt={alt} {...props} />;
}

function AvatarFallback({ className, ...props }: React.ComponentProps<"span">) {
  const { status } = React.useContext(AvatarStatus);
  if (status === "loaded") return null;
  return (
    <span
      data-slot="avatar-fallback"
      className={cn("flex size-full items-center justify-center rounded-full bg-muted text-sm font-medium text-muted-foreground select-none", className)}
      {...props}
    />
  );
}

export { Avatar, AvatarImage, AvatarFallback };

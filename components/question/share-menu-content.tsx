"use client";

import type { ReactElement } from "react";
import { Check, Link2, Smartphone } from "lucide-react";
import { useTranslations } from "next-intl";

import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

function FacebookIcon(props: React.SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable="false" {...props}>
      <path d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.51c-1.49 0-1.96.93-1.96 1.89v2.26h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07Z" />
    </svg>
  );
}

function XIcon(props: React.SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable="false" {...props}>
      <path d="M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.66l-5.21-6.82-5.97 6.82H1.67l7.73-8.84L1.25 2.25h6.83l4.71 6.23 5.45-6.23Zm-1.16 17.52h1.83L7.08 4.13H5.12l11.96 15.64Z" />
    </svg>
  );
}

/**
 * The share menu of ShareMenu, loaded the first time its button is pressed and opened at once:
 * the device's share sheet where the browser has one, Facebook, X, and Copy link.
 */
export function ShareMenuContent({
  trigger,
  url,
  text,
  copied,
  canShareNatively,
  onShareNatively,
  onCopyLink,
}: {
  trigger: ReactElement;
  url: string;
  text: string;
  copied: boolean;
  canShareNatively: boolean;
  onShareNatively: () => void;
  onCopyLink: () => void;
}) {
  const t = useTranslations("question");
  const linkClass = "cursor-pointer";
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        {canShareNatively ? (
          <>
            <DropdownMenuItem onSelect={onShareNatively} className={linkClass}>
              <Smartphone aria-hidden /> {t("share.device")}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
          </>
        ) : null}
        <DropdownMenuItem asChild className={linkClass}>
          <a href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`} target="_blank" rel="noopener noreferrer">
            <FacebookIcon className="size-4 text-[#1877F2]" /> {t("share.facebook")}
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild className={linkClass}>
          <a
            href={`https://x.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <XIcon className="size-4 text-foreground" /> {t("share.x")}
          </a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onCopyLink} className={linkClass}>
          {copied ? <Check aria-hidden /> : <Link2 aria-hidden />} {copied ? t("share.copied") : t("share.copyLink")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

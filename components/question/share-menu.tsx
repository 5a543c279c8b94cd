"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Check, Link2, Share2, Smartphone } from "lucide-react";

import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toastError, toastSuccess } from "@/lib/api-client/toast";
import { cn } from "@/lib/utils";

/** SPEC.md section 9: share text is at most 200 characters; "Copied!" shows for 2 seconds. */
export const SHARE_TEXT_MAX_LENGTH = 200;
export const COPIED_FEEDBACK_MS = 2_000;

/** The text shared with a link: the title, cut to 200 characters ending in an ellipsis when longer. */
export function shareText(title: string, maxLength = SHARE_TEXT_MAX_LENGTH): string {
  const chars = Array.from(title.trim());
  if (chars.length <= maxLength) return chars.join("");
  return `${chars.slice(0, maxLength - 1).join("")}…`;
}

/** The absolute address of a question page. */
export function questionUrl(id: number): string {
  const path = `/questions/${id}`;
  return typeof window === "undefined" ? path : new URL(path, window.location.origin).href;
}

// Whether the browser has a share sheet never changes while the page is open.
const noSubscription = () => () => {};
const hasNativeShare = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

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
 * Share a question (SPEC.md section 2): through the device's share sheet where the browser has
 * one, on Facebook or X, or by copying its link ("Copied!" on the button for 2 seconds).
 */
export function ShareMenu({
  question,
  className,
  size = "sm",
}: {
  question: { id: number; title: string };
  className?: string;
  size?: "sm" | "default";
}) {
  const [copied, setCopied] = useState(false);
  const canShareNatively = useSyncExternalStore(noSubscription, hasNativeShare, () => false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const text = shareText(question.title);

  async function copyLink() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(questionUrl(question.id));
      setCopied(true);
      toastSuccess("Link copied");
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    } catch {
      toastError("Failed to copy", "Could not copy link to clipboard.");
    }
  }

  async function shareNatively() {
    try {
      await navigator.share({ title: text, text, url: questionUrl(question.id) });
    } catch {
      // Closing the share sheet rejects too; there is nothing to report.
    }
  }

  const linkClass = "cursor-pointer";

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size={size} className={cn("text-muted-foreground hover:text-foreground", className)}>
          {copied ? <Check className="text-emerald-600 dark:text-emerald-400" aria-hidden /> : <Share2 aria-hidden />}
          <span>{copied ? "Copied!" : "Share"}</span>
          <span className="sr-only">: {question.title}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        {canShareNatively ? (
          <>
            <DropdownMenuItem onSelect={() => void shareNatively()} className={linkClass}>
              <Smartphone aria-hidden /> Share via device
            </DropdownMenuItem>
            <DropdownMenuSeparator />
          </>
        ) : null}
        <DropdownMenuItem asChild className={linkClass}>
          <a
            href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(questionUrl(question.id))}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <FacebookIcon className="size-4 text-[#1877F2]" /> Share on Facebook
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild className={linkClass}>
          <a
            href={`https://x.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(questionUrl(question.id))}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <XIcon className="size-4 text-foreground" /> Share on X
          </a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void copyLink()} className={linkClass}>
          {copied ? <Check aria-hidden /> : <Link2 aria-hidden />} {copied ? "Copied!" : "Copy link"}
        </DropdownMenuItem>
      </DropdownMenuContent>
      <span className="sr-only" role="status" aria-live="polite">
        {copied ? "Link copied" : ""}
      </span>
    </DropdownMenu>
  );
}

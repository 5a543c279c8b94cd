"use client";

import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Check, Share2 } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { toastError, toastSuccess } from "@/lib/api-client/toast";
import { useEarlyAction } from "@/lib/early/use-early-action";
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

// The menu's code (Radix, floating-ui) loads the first time a Share button is pressed: question
// cards and pages show many, and most are never opened.
const ShareMenuContent = lazy(() => import("@/components/question/share-menu-content").then((m) => ({ default: m.ShareMenuContent })));

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
  const t = useTranslations("question");
  const [copied, setCopied] = useState(false);
  const [wanted, setWanted] = useState(false);
  const canShareNatively = useSyncExternalStore(noSubscription, hasNativeShare, () => false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A press before the page has hydrated opens the menu once it has (lib/early/script.ts).
  const early = useEarlyAction(`share-${question.id}`, () => setWanted(true));

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
      toastSuccess(t("share.linkCopied"));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    } catch {
      toastError(t("share.copyFailedTitle"), t("share.copyFailed"));
    }
  }

  async function shareNatively() {
    try {
      await navigator.share({ title: text, text, url: questionUrl(question.id) });
    } catch {
      // Closing the share sheet rejects too; there is nothing to report.
    }
  }

  const button = (
    <Button
      variant="ghost"
      size={size}
      className={cn("text-muted-foreground hover:text-foreground", className)}
      aria-haspopup="menu"
      {...early}
      {...(wanted ? {} : { "aria-expanded": false, onClick: () => setWanted(true) })}
    >
      {copied ? <Check className="text-emerald-600 dark:text-emerald-400" aria-hidden /> : <Share2 aria-hidden />}
      <span>{copied ? t("share.copied") : t("share.share")}</span>
      <span className="sr-only">: {question.title}</span>
    </Button>
  );

  return (
    <>
      {wanted ? (
        <Suspense fallback={button}>
          <ShareMenuContent
            trigger={button}
            url={questionUrl(question.id)}
            text={text}
            copied={copied}
            canShareNatively={canShareNatively}
            onShareNatively={() => void shareNatively()}
            onCopyLink={() => void copyLink()}
          />
        </Suspense>
      ) : (
        button
      )}
      <span className="sr-only" role="status" aria-live="polite">
        {copied ? t("share.linkCopied") : ""}
      </span>
    </>
  );
}

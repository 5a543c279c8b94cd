"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";

import Link from "@/components/common/link";
import { Button } from "@/components/ui/button";
import { useEarlyAction } from "@/lib/early/use-early-action";

/** The early-action key of Ask Question (one per page). */
export const ASK_EARLY_KEY = "ask";

/**
 * Ask Question as a real link to `/?ask=1` (the home feed opens the dialog for it), upgraded to
 * open the dialog in place. A click before hydration is kept and opens the dialog once the page
 * has hydrated (lib/early/script.ts); a modified click (new tab) follows the link.
 */
export function AskQuestionLink({ onOpen, icon, size }: { onOpen: () => void; icon: ReactNode; size?: "sm" | "default" }) {
  const t = useTranslations("question");
  useEarlyAction(ASK_EARLY_KEY, onOpen);
  return (
    <Button asChild size={size}>
      <Link
        href="/?ask=1"
        data-early={ASK_EARLY_KEY}
        aria-haspopup="dialog"
        onClick={(event) => {
          // A modified click (new tab, new window) follows the link.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          onOpen();
        }}
      >
        {icon} {t("askLink.label")}
      </Link>
    </Button>
  );
}

import { EyeOff } from "lucide-react";
import { useTranslations } from "next-intl";

import { cn } from "@/lib/utils";

/**
 * The banner above a post hidden pending review (issue 14): only its author and moderators see
 * the post at all, and this says why nobody else does.
 */
export function HiddenBanner({ what, className }: { what: "question" | "answer" | "comment"; className?: string }) {
  const t = useTranslations("flags");
  const text = t.rich("hidden.text", { what, strong: (chunks) => <strong className="font-semibold">{chunks}</strong> });
  return (
    <p
      className={cn(
        "flex items-start gap-2 rounded-md border border-amber-600/40 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-500/40 dark:bg-amber-950/40 dark:text-amber-100",
        className,
      )}
      data-testid="hidden-banner"
    >
      <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {text}
      </span>
    </p>
  );
}

import { useTranslations } from "next-intl";

/** The first focusable element of every page: jumps keyboard users past the navigation. */
export function SkipLink({ target = "main-content" }: { target?: string }) {
  const t = useTranslations("shell");
  return (
    <a
      href={`#${target}`}
      className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {t("skipLink")}
    </a>
  );
}

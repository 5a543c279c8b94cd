import { useFormatter, useTranslations } from "next-intl";

import { cn } from "@/lib/utils";

/** The author fields the reputation figure reads. */
interface ReputationAuthor {
  reputation?: number;
  isAssistant?: boolean;
  isDeleted?: boolean;
}

/**
 * A member's reputation, shown discreetly beside their name wherever an author is shown
 * ("Ada Lovelace 1,234"); nothing for the AI account, deleted accounts, or an author read without it.
 */
export function AuthorReputation({ author, className }: { author: ReputationAuthor; className?: string }) {
  const t = useTranslations("common.reputation");
  const format = useFormatter();
  if (author.reputation === undefined || author.isAssistant || author.isDeleted) return null;
  return (
    <span className={cn("font-normal text-muted-foreground tabular-nums", className)} title={t("title")}>
      {format.number(author.reputation)}
      <span className="sr-only"> {t("srOnly")}</span>
    </span>
  );
}

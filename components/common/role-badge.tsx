import { Shield, ShieldCheck } from "lucide-react";
import { useTranslations } from "next-intl";

import { cn } from "@/lib/utils";

/** The author fields the role badge reads: presenters send `role` only for moderators and admins. */
interface RoleAuthor {
  role?: "moderator" | "admin";
  isDeleted?: boolean;
}

/**
 * A small "Moderator" or "Admin" badge beside a staff member's name (issue 14), wherever an
 * author is shown; nothing for members.
 */
export function RoleBadge({ author, className }: { author: RoleAuthor; className?: string }) {
  const t = useTranslations("common.roleBadge");
  if (!author.role || author.isDeleted) return null;
  const admin = author.role === "admin";
  const Icon = admin ? ShieldCheck : Shield;
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-0.5 rounded border px-1 py-px text-[0.6875rem] leading-4 font-medium whitespace-nowrap",
        admin
          ? "border-amber-600/40 bg-amber-50 text-amber-900 dark:border-amber-400/40 dark:bg-amber-950 dark:text-amber-200"
          : "border-sky-600/40 bg-sky-50 text-sky-900 dark:border-sky-400/40 dark:bg-sky-950 dark:text-sky-200",
        className,
      )}
      title={admin ? t("adminTitle") : t("moderatorTitle")}
    >
      <Icon className="size-3" aria-hidden />
      {admin ? t("admin") : t("moderator")}
    </span>
  );
}

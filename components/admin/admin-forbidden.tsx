import Link from "@/components/common/link";
import { ShieldAlert } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";

/**
 * What a member or a moderator gets at /admin (and a member at /admin/audit, `area` "audit"):
 * a plain 403, and where to go instead.
 */
export function AdminForbidden({ role, area = "admin" }: { role: "member" | "moderator" | "admin"; area?: "admin" | "audit" }) {
  const t = useTranslations("admin.forbidden");
  if (area === "audit") role = "member"; // only members are refused the audit log

  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <ShieldAlert className="size-7" aria-hidden />
      </span>
      <p className="mt-5 text-sm font-semibold tracking-wide text-muted-foreground">{t("code")}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight">{area === "audit" ? t("auditTitle") : t("adminTitle")}</h1>
      <p className="mt-2 text-muted-foreground">
        {area === "audit" ? t("auditText") : t("adminText")} {role === "moderator" ? t("moderatorHint") : t("askAdmin")}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {role === "moderator" ? (
          <Button asChild>
            <Link href="/review">{t("openReview")}</Link>
          </Button>
        ) : null}
        <Button asChild variant={role === "moderator" ? "outline" : "default"}>
          <Link href="/">{t("home")}</Link>
        </Button>
      </div>
    </div>
  );
}

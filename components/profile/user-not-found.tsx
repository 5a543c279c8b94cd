import Link from "@/components/common/link";
import { ArrowLeft, UserX } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";

/** An unknown member (404): SPEC.md section 2's "User Not Found". */
export function UserNotFound() {
  const t = useTranslations("profile.notFound");
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-2 py-16 text-center sm:py-24">
      <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/20">
        <UserX className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/users">
            <ArrowLeft aria-hidden /> {t("browseMembers")}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/">{t("backHome")}</Link>
        </Button>
      </div>
    </div>
  );
}

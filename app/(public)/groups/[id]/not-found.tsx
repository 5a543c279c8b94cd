import type { Metadata } from "next";
import Link from "@/components/common/link";
import { ArrowLeft, UsersRound } from "lucide-react";
import { getTranslations } from "next-intl/server";

import { Button } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("groups.metadata");
  return { title: t("notFoundTitle"), robots: { index: false } };
}

/** An unknown group (404): SPEC.md section 2's "Group Not Found" with a way back to the groups. */
export default async function GroupNotFound() {
  const t = await getTranslations("groups.notFound");
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-2 py-16 text-center sm:py-24">
      <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/20">
        <UsersRound className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("text")}</p>
      <div className="mt-8">
        <Button asChild>
          <Link href="/groups">
            <ArrowLeft aria-hidden /> {t("back")}
          </Link>
        </Button>
      </div>
    </div>
  );
}

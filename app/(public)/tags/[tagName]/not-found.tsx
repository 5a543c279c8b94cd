import type { Metadata } from "next";
import Link from "@/components/common/link";
import { ArrowLeft, TagIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";

import { Button } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("tags.metadata");
  return { title: t("tagNotFoundTitle"), robots: { index: false } };
}

/** An unknown tag (404): SPEC.md section 2's "Tag Not Found" with a way back home. */
export default async function TagNotFound() {
  const t = await getTranslations("tags.notFound");
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-2 py-16 text-center sm:py-24">
      <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/20">
        <TagIcon className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">{t("tagTitle")}</h1>
      <p className="mt-3 text-muted-foreground">{t("tagText")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/">
            <ArrowLeft aria-hidden /> {t("backHome")}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/tags">{t("explore")}</Link>
        </Button>
      </div>
    </div>
  );
}

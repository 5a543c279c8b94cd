import Link from "@/components/common/link";
import { ArrowLeft, FileQuestion } from "lucide-react";
import { getTranslations } from "next-intl/server";

import { Button } from "@/components/ui/button";

/** A missing, hidden or malformed question id (404): SPEC.md section 2's "Question Not Found". */
export default async function QuestionNotFound() {
  const t = await getTranslations("question");
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-2 py-16 text-center sm:py-24">
      <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/20">
        <FileQuestion className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">{t("notFound.title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("notFound.text")}</p>
      <Button asChild className="mt-8">
        <Link href="/">
          <ArrowLeft aria-hidden /> {t("notFound.back")}
        </Link>
      </Button>
    </div>
  );
}

import { ArrowRight } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { signUpHref } from "@/lib/auth-links";

/** The landing's closing call to action. */
export function ClosingCta() {
  const t = useTranslations("landing.closingCta");
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-700 via-indigo-600 to-violet-700 px-6 py-14 text-center text-white shadow-xl sm:px-12">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_20rem_at_80%_0%,rgba(255,255,255,0.18),transparent)]"
        />
        <h2 id="cta-title" className="relative text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {t("title")}
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-indigo-50">
          {t("body")}
        </p>
        <Button asChild size="lg" variant="secondary" className="relative mt-8 bg-white text-indigo-800 hover:bg-indigo-50">
          <a href={signUpHref()}>
            {t("signUp")} <ArrowRight aria-hidden />
          </a>
        </Button>
      </div>
    </section>
  );
}

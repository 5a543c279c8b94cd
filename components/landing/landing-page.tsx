import { Suspense } from "react";

import { ClosingCta } from "@/components/landing/closing-cta";
import { Hero } from "@/components/landing/hero";
import { HowItWorks } from "@/components/landing/how-it-works";
import { LandingFooter } from "@/components/landing/landing-footer";
import { LandingHeader } from "@/components/landing/landing-header";
import { TrendingQuestionsSection } from "@/components/landing/trending-questions-section";
import { TrendingQuestionsSkeleton } from "@/components/landing/trending-questions";
import { SkipLink } from "@/components/layout/skip-link";

/** The signed-out home page (SPEC.md section 2, "Landing page"). */
export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <LandingHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <Hero />
        <Suspense fallback={<TrendingQuestionsSkeleton />}>
          <TrendingQuestionsSection />
        </Suspense>
        <HowItWorks />
        <ClosingCta />
      </main>
      <LandingFooter />
    </div>
  );
}

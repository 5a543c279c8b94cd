import { TrendingQuestions } from "@/components/landing/trending-questions";
import { presentQuestionSummary } from "@/lib/server/questions/presenters";
import { listTrendingQuestions } from "@/lib/server/questions/queries";

/** SPEC.md section 9: the landing shows 5 trending questions. */
export const LANDING_TRENDING_LIMIT = 5;

/** Loads the visitor's trending questions on the server (streamed behind TrendingQuestionsSkeleton). */
export async function TrendingQuestionsSection() {
  const rows = await listTrendingQuestions(null, LANDING_TRENDING_LIMIT);
  return <TrendingQuestions questions={rows.map((row) => presentQuestionSummary(row, null))} />;
}

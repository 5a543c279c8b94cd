-- Related questions kept between views (issue 18, lib/server/similar/related.ts): one row per
-- question viewed, holding its best candidates among all questions not hidden, whoever may see them;
-- each view applies its viewer's visibility to those ids. Computed again when the question's text no
-- longer matches source_key, when its embedding is not the one of embedded_at, or after
-- RELATED_TTL_SECONDS. Cosines are NaN where the lookup did not re-rank with embeddings.
-- CreateTable
CREATE TABLE "related_questions" (
    "question_id" INTEGER NOT NULL,
    "source_key" VARCHAR(64) NOT NULL,
    "embedded_at" TIMESTAMP(3),
    "candidate_ids" INTEGER[],
    "scores" REAL[],
    "cosines" REAL[],
    "computed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "related_questions_pkey" PRIMARY KEY ("question_id")
);

-- AddForeignKey
ALTER TABLE "related_questions" ADD CONSTRAINT "related_questions_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

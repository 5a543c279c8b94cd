-- CreateTable
CREATE TABLE "question_votes" (
    "id" SERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "question_id" INTEGER NOT NULL,
    "vote_type" VARCHAR(10) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "question_votes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "question_votes_question_id_idx" ON "question_votes"("question_id");

-- CreateIndex
CREATE INDEX "question_votes_user_id_created_at_idx" ON "question_votes"("user_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "question_votes_user_id_question_id_key" ON "question_votes"("user_id", "question_id");

-- AddForeignKey
ALTER TABLE "question_votes" ADD CONSTRAINT "question_votes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "question_votes" ADD CONSTRAINT "question_votes_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- questions.vote_score was the sum of its answers' scores; from here on it is the question's own
-- score (question_votes), and no question has a vote yet.
UPDATE "questions" SET "vote_score" = 0 WHERE "vote_score" <> 0;

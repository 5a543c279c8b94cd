-- AlterTable
ALTER TABLE "questions" ADD COLUMN     "closed_by_id" TEXT;

-- CreateTable
CREATE TABLE "question_close_votes" (
    "id" SERIAL NOT NULL,
    "question_id" INTEGER NOT NULL,
    "user_id" TEXT NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "reason" VARCHAR(20),
    "duplicate_of_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "question_close_votes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "question_close_votes_user_id_idx" ON "question_close_votes"("user_id");

-- CreateIndex
CREATE INDEX "question_close_votes_duplicate_of_id_idx" ON "question_close_votes"("duplicate_of_id");

-- CreateIndex
CREATE UNIQUE INDEX "question_close_votes_question_id_user_id_kind_key" ON "question_close_votes"("question_id", "user_id", "kind");

-- CreateIndex
CREATE INDEX "questions_duplicate_of_id_idx" ON "questions"("duplicate_of_id");

-- CreateIndex
CREATE INDEX "questions_closed_by_id_idx" ON "questions"("closed_by_id");

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_duplicate_of_id_fkey" FOREIGN KEY ("duplicate_of_id") REFERENCES "questions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_closed_by_id_fkey" FOREIGN KEY ("closed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "question_close_votes" ADD CONSTRAINT "question_close_votes_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "question_close_votes" ADD CONSTRAINT "question_close_votes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "question_close_votes" ADD CONSTRAINT "question_close_votes_duplicate_of_id_fkey" FOREIGN KEY ("duplicate_of_id") REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "questions" ADD COLUMN     "accepted_answer_id" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "questions_accepted_answer_id_key" ON "questions"("accepted_answer_id");

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_accepted_answer_id_fkey" FOREIGN KEY ("accepted_answer_id") REFERENCES "answers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "ai_answer_jobs" ADD COLUMN     "partial_content" TEXT,
ADD COLUMN     "started_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "deleted_at" TIMESTAMP(3),
ADD COLUMN     "preferences" JSONB;

-- CreateIndex
CREATE INDEX "notifications_question_id_idx" ON "notifications"("question_id");

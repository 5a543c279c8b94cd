-- AlterTable
ALTER TABLE "ai_answer_jobs" ADD COLUMN     "locked_by" VARCHAR(64);

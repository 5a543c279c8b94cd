-- AlterTable
ALTER TABLE "answers" ADD COLUMN     "hidden_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "comments" ADD COLUMN     "hidden_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "questions" ADD COLUMN     "close_reason" VARCHAR(20),
ADD COLUMN     "closed_at" TIMESTAMP(3),
ADD COLUMN     "duplicate_of_id" INTEGER,
ADD COLUMN     "hidden_at" TIMESTAMP(3),
ADD COLUMN     "locked_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "email_verified_at" TIMESTAMP(3),
ADD COLUMN     "reputation" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "role" VARCHAR(20) NOT NULL DEFAULT 'member',
ADD COLUMN     "suspended_until" TIMESTAMP(3),
ADD COLUMN     "suspension_reason" VARCHAR(500);

-- CreateIndex
CREATE INDEX "users_reputation_id_idx" ON "users"("reputation" DESC, "id");


-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "down_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "fold_day" DATE,
ADD COLUMN     "up_count" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "notifications_vote_fold_key" ON "notifications"("user_id", "related_type", "related_id", "fold_day");

-- CreateIndex
CREATE INDEX "answers_created_at_idx" ON "answers"("created_at");

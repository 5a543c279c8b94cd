-- CreateTable
CREATE TABLE "flags" (
    "id" SERIAL NOT NULL,
    "reporter_id" TEXT,
    "target_type" VARCHAR(20) NOT NULL,
    "target_id" INTEGER NOT NULL,
    "question_id" INTEGER,
    "answer_id" INTEGER,
    "comment_id" INTEGER,
    "reason" VARCHAR(20) NOT NULL,
    "details" VARCHAR(500),
    "duplicate_of_id" INTEGER,
    "status" VARCHAR(20) NOT NULL DEFAULT 'open',
    "resolved_by" TEXT,
    "resolved_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "flags_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "flags_status_created_at_idx" ON "flags"("status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "flags_target_type_target_id_status_idx" ON "flags"("target_type", "target_id", "status");

-- CreateIndex
CREATE INDEX "flags_question_id_idx" ON "flags"("question_id");

-- CreateIndex
CREATE INDEX "flags_answer_id_idx" ON "flags"("answer_id");

-- CreateIndex
CREATE INDEX "flags_comment_id_idx" ON "flags"("comment_id");

-- CreateIndex
CREATE UNIQUE INDEX "flags_reporter_id_target_type_target_id_key" ON "flags"("reporter_id", "target_type", "target_id");

-- CreateIndex
CREATE INDEX "answers_hidden_at_idx" ON "answers"("hidden_at");

-- CreateIndex
CREATE INDEX "comments_hidden_at_idx" ON "comments"("hidden_at");

-- CreateIndex
CREATE INDEX "questions_hidden_at_idx" ON "questions"("hidden_at");

-- AddForeignKey
ALTER TABLE "flags" ADD CONSTRAINT "flags_reporter_id_fkey" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "flags" ADD CONSTRAINT "flags_resolved_by_fkey" FOREIGN KEY ("resolved_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "flags" ADD CONSTRAINT "flags_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "flags" ADD CONSTRAINT "flags_answer_id_fkey" FOREIGN KEY ("answer_id") REFERENCES "answers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "flags" ADD CONSTRAINT "flags_comment_id_fkey" FOREIGN KEY ("comment_id") REFERENCES "comments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

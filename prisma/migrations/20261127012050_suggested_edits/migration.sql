-- CreateTable
CREATE TABLE "suggested_edits" (
    "id" SERIAL NOT NULL,
    "target_type" VARCHAR(20) NOT NULL,
    "question_id" INTEGER,
    "answer_id" INTEGER,
    "suggester_id" TEXT NOT NULL,
    "title" VARCHAR(200),
    "description" TEXT,
    "tags" TEXT[],
    "content" TEXT,
    "summary" VARCHAR(300) NOT NULL,
    "status" VARCHAR(20) NOT NULL DEFAULT 'pending',
    "reviewer_id" TEXT,
    "reviewed_at" TIMESTAMP(3),
    "reject_reason" VARCHAR(500),
    "revision_number" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "suggested_edits_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "suggested_edits_status_created_at_idx" ON "suggested_edits"("status", "created_at");

-- CreateIndex
CREATE INDEX "suggested_edits_question_id_idx" ON "suggested_edits"("question_id");

-- CreateIndex
CREATE INDEX "suggested_edits_answer_id_idx" ON "suggested_edits"("answer_id");

-- CreateIndex
CREATE INDEX "suggested_edits_suggester_id_idx" ON "suggested_edits"("suggester_id");

-- CreateIndex
CREATE UNIQUE INDEX "suggested_edits_one_pending_question" ON "suggested_edits"("question_id") WHERE (((status)::text = 'pending'::text) AND (answer_id IS NULL));

-- CreateIndex
CREATE UNIQUE INDEX "suggested_edits_one_pending_answer" ON "suggested_edits"("answer_id") WHERE ((status)::text = 'pending'::text);

-- AddForeignKey
ALTER TABLE "suggested_edits" ADD CONSTRAINT "suggested_edits_suggester_id_fkey" FOREIGN KEY ("suggester_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "suggested_edits" ADD CONSTRAINT "suggested_edits_reviewer_id_fkey" FOREIGN KEY ("reviewer_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "suggested_edits" ADD CONSTRAINT "suggested_edits_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "suggested_edits" ADD CONSTRAINT "suggested_edits_answer_id_fkey" FOREIGN KEY ("answer_id") REFERENCES "answers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

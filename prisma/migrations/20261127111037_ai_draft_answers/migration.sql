-- CreateTable
CREATE TABLE "ai_draft_answers" (
    "id" VARCHAR(40) NOT NULL,
    "user_id" TEXT NOT NULL,
    "draft_hash" VARCHAR(64) NOT NULL,
    "content" TEXT NOT NULL,
    "ai_model" VARCHAR(200) NOT NULL,
    "ai_prompt" TEXT NOT NULL,
    "ai_sources" JSONB NOT NULL,
    "ai_input_tokens" INTEGER,
    "ai_output_tokens" INTEGER,
    "ai_duration_ms" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ai_draft_answers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ai_draft_answers_user_id_idx" ON "ai_draft_answers"("user_id");

-- CreateIndex
CREATE INDEX "ai_draft_answers_expires_at_idx" ON "ai_draft_answers"("expires_at");

-- AddForeignKey
ALTER TABLE "ai_draft_answers" ADD CONSTRAINT "ai_draft_answers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

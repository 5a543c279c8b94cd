-- CreateTable
CREATE TABLE "ai_revision_jobs" (
    "id" SERIAL NOT NULL,
    "answer_id" INTEGER NOT NULL,
    "question_id" INTEGER NOT NULL,
    "trigger" VARCHAR(20) NOT NULL,
    "trigger_key" VARCHAR(100) NOT NULL,
    "answer_revision" INTEGER NOT NULL,
    "correcting_answer_id" INTEGER,
    "requested_by_id" TEXT,
    "request_note" VARCHAR(500),
    "question_revision" INTEGER,
    "status" VARCHAR(20) NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMP(3),
    "locked_by" VARCHAR(64),
    "last_error" VARCHAR(1000),
    "partial_content" TEXT,
    "started_at" TIMESTAMP(3),
    "outcome" VARCHAR(20),
    "summary" VARCHAR(300),
    "corrections" JSONB,
    "revision_number" INTEGER,
    "finished_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ai_revision_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ai_revision_jobs_status_next_attempt_at_idx" ON "ai_revision_jobs"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "ai_revision_jobs_question_id_created_at_idx" ON "ai_revision_jobs"("question_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "ai_revision_jobs_answer_id_trigger_key_key" ON "ai_revision_jobs"("answer_id", "trigger_key");

-- AddForeignKey
ALTER TABLE "ai_revision_jobs" ADD CONSTRAINT "ai_revision_jobs_answer_id_fkey" FOREIGN KEY ("answer_id") REFERENCES "answers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The question page shows "Being revised…" and the note of the last revision: the visitors'
-- page cache of the question is dropped when a job is owed, changes state or goes (not on every
-- streamed write of partial_content).
CREATE FUNCTION agora_page_cache_ai_revisions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM agora_page_cache_notify(NEW.question_id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM agora_page_cache_notify(OLD.question_id);
  ELSIF (NEW.status, NEW.outcome) IS DISTINCT FROM (OLD.status, OLD.outcome) THEN
    PERFORM agora_page_cache_notify(NEW.question_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ai_revision_jobs_page_cache AFTER INSERT OR UPDATE OR DELETE ON ai_revision_jobs
  FOR EACH ROW EXECUTE FUNCTION agora_page_cache_ai_revisions();

-- Question embeddings (issue 17, lib/server/similar/embeddings.ts): one row per question, owed from
-- the start and owed again whenever its title or description changes, so no question is ever left
-- without one once AI_EMBEDDING_MODEL is set. The background worker claims pending rows (and
-- failed ones that are due, and running ones whose lease ran out) with FOR UPDATE SKIP LOCKED, like
-- ai_answer_jobs. The vector is stored as real[] (unit length, so cosine similarity is a dot
-- product): pgvector is not required; re-ranking reads only the embeddings of a bounded candidate set.
-- CreateTable
CREATE TABLE "question_embeddings" (
    "question_id" INTEGER NOT NULL,
    "status" VARCHAR(20) NOT NULL DEFAULT 'pending',
    "model" VARCHAR(200),
    "embedding" REAL[],
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_by" VARCHAR(64),
    "locked_until" TIMESTAMP(3),
    "last_error" VARCHAR(1000),
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "question_embeddings_pkey" PRIMARY KEY ("question_id")
);

-- CreateIndex
CREATE INDEX "question_embeddings_status_next_attempt_at_idx" ON "question_embeddings"("status", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "question_embeddings" ADD CONSTRAINT "question_embeddings_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every question owes an embedding from its insert: one statement-level trigger, so a bulk load
-- (the benchmark's seed, an import) adds its rows in one INSERT.
CREATE FUNCTION question_embeddings_owe_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO question_embeddings (question_id, next_attempt_at, updated_at)
  SELECT id, (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC') FROM inserted_questions
  ON CONFLICT (question_id) DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER questions_embedding_owed_insert AFTER INSERT ON questions
  REFERENCING NEW TABLE AS inserted_questions
  FOR EACH STATEMENT EXECUTE FUNCTION question_embeddings_owe_new();

-- A changed title or description owes a new embedding: the row goes back to pending (the old
-- vector stays in use until the new one replaces it) and a worker holding it loses its lease.
CREATE FUNCTION question_embeddings_owe_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO question_embeddings (question_id, next_attempt_at, updated_at)
  VALUES (NEW.id, (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC'))
  ON CONFLICT (question_id) DO UPDATE
    SET status = 'pending', attempts = 0, locked_by = NULL, locked_until = NULL, last_error = NULL,
        next_attempt_at = (now() AT TIME ZONE 'UTC'), updated_at = (now() AT TIME ZONE 'UTC');
  RETURN NULL;
END $$;

CREATE TRIGGER questions_embedding_owed_update AFTER UPDATE OF title, description ON questions
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION question_embeddings_owe_changed();

-- The questions already asked owe theirs too.
INSERT INTO question_embeddings (question_id, next_attempt_at, updated_at)
SELECT id, (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC') FROM questions
ON CONFLICT (question_id) DO NOTHING;

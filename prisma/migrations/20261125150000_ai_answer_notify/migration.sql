-- Followers of an automatic answer (GET /api/questions/{id}/ai-answer/stream) share one reader
-- per instance (lib/server/ai/progress-hub.ts): every change to an ai_answer_jobs row (claimed,
-- text written, done, failed, deleted) notifies the channel agora_ai_answer with the question's
-- id when its transaction commits, and each instance re-reads that one row for all its followers
-- instead of every connection polling. No schema change: schema.prisma is unaffected.

CREATE FUNCTION agora_ai_answer_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('agora_ai_answer', COALESCE(NEW.question_id, OLD.question_id)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER ai_answer_jobs_notify AFTER INSERT OR UPDATE OR DELETE ON ai_answer_jobs
  FOR EACH ROW EXECUTE FUNCTION agora_ai_answer_notify();

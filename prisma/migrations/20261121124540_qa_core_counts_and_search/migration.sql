-- AlterTable
ALTER TABLE "answers" ADD COLUMN     "comment_count" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "questions" ADD COLUMN     "comment_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "search_vector" tsvector;

-- CreateIndex
CREATE INDEX "questions_search_vector_idx" ON "questions" USING GIN ("search_vector");

-- Full-text search: a question's document is its title (weight A), its description (B) and
-- the text of its answers (C), in English with stemming. Kept current by triggers, so every
-- writer (the app, the seed, bulk loads) gets it for free.
CREATE FUNCTION agora_question_search_document(q_id INTEGER, q_title TEXT, q_description TEXT)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english', coalesce(q_title, '')), 'A')
      || setweight(to_tsvector('english', coalesce(q_description, '')), 'B')
      || setweight(to_tsvector('english', coalesce(
           (SELECT string_agg(left(a.content, 20000), ' ') FROM answers a WHERE a.question_id = q_id), '')), 'C')
$$;

CREATE FUNCTION agora_questions_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := agora_question_search_document(NEW.id, NEW.title, NEW.description);
  RETURN NEW;
END
$$;

CREATE TRIGGER questions_search_vector
  BEFORE INSERT OR UPDATE OF title, description ON questions
  FOR EACH ROW EXECUTE FUNCTION agora_questions_search_trigger();

CREATE FUNCTION agora_answers_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE questions q
     SET search_vector = agora_question_search_document(q.id, q.title, q.description)
   WHERE q.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.question_id ELSE NEW.question_id END;
  RETURN NULL;
END
$$;

CREATE TRIGGER answers_search_vector
  AFTER INSERT OR DELETE OR UPDATE OF content ON answers
  FOR EACH ROW EXECUTE FUNCTION agora_answers_search_trigger();

UPDATE questions SET search_vector = agora_question_search_document(id, title, description);

-- Invalidation of the visitors' page cache (lib/server/page-cache), exact across instances: every
-- change that alters what a visitor sees on a question page notifies the channel
-- agora_page_cache with the question's id when its transaction commits; a change that may show
-- on many pages (a member's name or picture, a group's name or privacy, a tag's name or colour,
-- an account deleted) notifies "*". PostgreSQL folds identical notifications of one transaction
-- into one. No schema change: schema.prisma is unaffected.

CREATE FUNCTION agora_page_cache_notify(question_id integer) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('agora_page_cache', question_id::text) WHERE question_id IS NOT NULL;
$$;

CREATE FUNCTION agora_page_cache_notify_all() RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('agora_page_cache', '*');
$$;

-- The question row: anything but the batched view count (lib/server/questions/views.ts), which
-- would otherwise evict every viewed page once a second; the page shows the count it rendered
-- with until the page expires (AGORA_PAGE_CACHE_TTL_S).
CREATE FUNCTION agora_page_cache_questions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM agora_page_cache_notify(OLD.id);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM agora_page_cache_notify(NEW.id);
  ELSIF (to_jsonb(NEW) - 'view_count') IS DISTINCT FROM (to_jsonb(OLD) - 'view_count') THEN
    PERFORM agora_page_cache_notify(NEW.id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER questions_page_cache AFTER INSERT OR UPDATE OR DELETE ON questions
  FOR EACH ROW EXECUTE FUNCTION agora_page_cache_questions();

-- Rows that belong to one question through a question_id column: its tags, answers (votes move
-- answers.vote_score in the same transaction) and AI answer job.
CREATE FUNCTION agora_page_cache_by_question_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM agora_page_cache_notify(OLD.question_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM agora_page_cache_notify(NEW.question_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER question_tags_page_cache AFTER INSERT OR UPDATE OR DELETE ON question_tags
  FOR EACH ROW EXECUTE FUNCTION agora_page_cache_by_question_id();
CREATE TRIGGER answers_page_cache AFTER INSERT OR UPDATE OR DELETE ON answers
  FOR EACH ROW EXECUTE FUNCTION agora_page_cache_by_question_id();

-- The AI answer job: the page shows its status, attempts and next attempt; the streamed
-- partial_content and the worker's lease (locked_until, locked_by) are not on the page (the
-- stream reaches browsers through its own event stream), so they do not notify.
CREATE FUNCTION agora_page_cache_ai_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM agora_page_cache_notify(OLD.question_id);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM agora_page_cache_notify(NEW.question_id);
  ELSIF (NEW.status, NEW.attempts, NEW.next_attempt_at, NEW.answer_id, NEW.question_id)
        IS DISTINCT FROM (OLD.status, OLD.attempts, OLD.next_attempt_at, OLD.answer_id, OLD.question_id) THEN
    PERFORM agora_page_cache_notify(OLD.question_id);
    PERFORM agora_page_cache_notify(NEW.question_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ai_answer_jobs_page_cache AFTER INSERT OR UPDATE OR DELETE ON ai_answer_jobs
  FOR EACH ROW EXECUTE FUNCTION agora_page_cache_ai_jobs();

-- Comments belong to an answer; the question is the answer's. When the answer itself is being
-- deleted (a cascade), it is gone already and its own trigger has notified.
CREATE FUNCTION agora_page_cache_comments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM agora_page_cache_notify((SELECT question_id FROM answers WHERE id = OLD.answer_id));
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.answer_id IS DISTINCT FROM OLD.answer_id) THEN
    PERFORM agora_page_cache_notify((SELECT question_id FROM answers WHERE id = NEW.answer_id));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER comments_page_cache AFTER INSERT OR UPDATE OR DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION agora_page_cache_comments();

-- Members as pages show authors (lib/server/users/presenters.ts authorSelect): name, picture,
-- e-mail (the fallback name), deletion and the assistant flag. A deleted account may touch any page.
CREATE FUNCTION agora_page_cache_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (NEW.first_name, NEW.last_name, NEW.profile_image_url, NEW.email, NEW.deleted_at, NEW.is_assistant)
      IS DISTINCT FROM (OLD.first_name, OLD.last_name, OLD.profile_image_url, OLD.email, OLD.deleted_at, OLD.is_assistant) THEN
    PERFORM agora_page_cache_notify_all();
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER users_page_cache AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION agora_page_cache_users();

-- Groups as pages show them (name and privacy; a group turning private hides its questions).
CREATE FUNCTION agora_page_cache_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (NEW.name, NEW.is_private) IS DISTINCT FROM (OLD.name, OLD.is_private) THEN
    PERFORM agora_page_cache_notify_all();
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER groups_page_cache AFTER UPDATE OR DELETE ON groups
  FOR EACH ROW EXECUTE FUNCTION agora_page_cache_groups();

-- Tags as pages show them (name and colour).
CREATE FUNCTION agora_page_cache_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (NEW.name, NEW.color) IS DISTINCT FROM (OLD.name, OLD.color) THEN
    PERFORM agora_page_cache_notify_all();
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER tags_page_cache AFTER UPDATE OR DELETE ON tags
  FOR EACH ROW EXECUTE FUNCTION agora_page_cache_tags();

-- Emptying a table (tests, a restore) may touch any page.
CREATE FUNCTION agora_page_cache_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agora_page_cache_notify_all();
  RETURN NULL;
END $$;

CREATE TRIGGER questions_page_cache_truncate AFTER TRUNCATE ON questions FOR EACH STATEMENT EXECUTE FUNCTION agora_page_cache_truncate();
CREATE TRIGGER answers_page_cache_truncate AFTER TRUNCATE ON answers FOR EACH STATEMENT EXECUTE FUNCTION agora_page_cache_truncate();
CREATE TRIGGER comments_page_cache_truncate AFTER TRUNCATE ON comments FOR EACH STATEMENT EXECUTE FUNCTION agora_page_cache_truncate();
CREATE TRIGGER question_tags_page_cache_truncate AFTER TRUNCATE ON question_tags FOR EACH STATEMENT EXECUTE FUNCTION agora_page_cache_truncate();
CREATE TRIGGER users_page_cache_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION agora_page_cache_truncate();

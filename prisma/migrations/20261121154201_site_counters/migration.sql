-- CreateTable
CREATE TABLE "site_counters" (
    "name" VARCHAR(50) NOT NULL,
    "value" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "site_counters_pkey" PRIMARY KEY ("name")
);

-- Kept exact by triggers, so that totals (X-Total-Count of the question lists) read one row
-- instead of counting a million. Statement-level triggers with transition tables: one update of
-- the counter row per statement, however many rows it touches.
CREATE FUNCTION agora_refresh_site_counters() RETURNS void LANGUAGE sql AS $$
  INSERT INTO site_counters (name, value) VALUES ('questions', (SELECT count(*) FROM questions))
  ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value;
$$;

CREATE FUNCTION agora_questions_counter_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE site_counters SET value = value + (SELECT count(*) FROM new_rows) WHERE name = 'questions';
  RETURN NULL;
END $$;

CREATE FUNCTION agora_questions_counter_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE site_counters SET value = value - (SELECT count(*) FROM old_rows) WHERE name = 'questions';
  RETURN NULL;
END $$;

CREATE FUNCTION agora_questions_counter_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE site_counters SET value = 0 WHERE name = 'questions';
  RETURN NULL;
END $$;

CREATE TRIGGER questions_counter_insert AFTER INSERT ON questions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agora_questions_counter_insert();
CREATE TRIGGER questions_counter_delete AFTER DELETE ON questions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION agora_questions_counter_delete();
CREATE TRIGGER questions_counter_truncate AFTER TRUNCATE ON questions
  FOR EACH STATEMENT EXECUTE FUNCTION agora_questions_counter_truncate();

SELECT agora_refresh_site_counters();

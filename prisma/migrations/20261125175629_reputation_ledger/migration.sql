-- AlterTable
ALTER TABLE "users" ADD COLUMN     "reputation_sum" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "reputation_events" (
    "id" SERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "reason" VARCHAR(40) NOT NULL,
    "question_id" INTEGER,
    "answer_id" INTEGER,
    "actor_id" TEXT,
    "source_key" VARCHAR(200) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reputation_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "reputation_events_source_key_key" ON "reputation_events"("source_key");

-- CreateIndex
CREATE INDEX "reputation_events_user_id_created_at_id_idx" ON "reputation_events"("user_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "reputation_events_created_at_user_id_idx" ON "reputation_events"("created_at", "user_id");

-- CreateIndex
CREATE INDEX "reputation_events_question_id_idx" ON "reputation_events"("question_id");

-- CreateIndex
CREATE INDEX "reputation_events_answer_id_idx" ON "reputation_events"("answer_id");

-- CreateIndex
CREATE INDEX "reputation_events_actor_id_idx" ON "reputation_events"("actor_id");

-- AddForeignKey
ALTER TABLE "reputation_events" ADD CONSTRAINT "reputation_events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reputation_events" ADD CONSTRAINT "reputation_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reputation_events" ADD CONSTRAINT "reputation_events_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reputation_events" ADD CONSTRAINT "reputation_events_answer_id_fkey" FOREIGN KEY ("answer_id") REFERENCES "answers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The counter (lib/server/reputation/ledger.ts): every insert into or delete from the ledger,
-- by the app or by a cascade (a deleted post or account), moves users.reputation_sum by the
-- points in the same transaction, and users.reputation = GREATEST(1, 1 + reputation_sum), so the
-- counter always equals what `npm run reputation:recompute` derives from the ledger. The members
-- are locked in id order first, so two transactions touching the same two members never deadlock.
CREATE FUNCTION agora_reputation_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id IN (SELECT user_id FROM added_events) ORDER BY id FOR NO KEY UPDATE;
  UPDATE users u
     SET reputation_sum = u.reputation_sum + d.points,
         reputation = GREATEST(1, 1 + u.reputation_sum + d.points)
    FROM (SELECT user_id, SUM(points)::int AS points FROM added_events GROUP BY user_id) d
   WHERE u.id = d.user_id AND d.points <> 0;
  RETURN NULL;
END $$;

CREATE FUNCTION agora_reputation_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id IN (SELECT user_id FROM removed_events) ORDER BY id FOR NO KEY UPDATE;
  UPDATE users u
     SET reputation_sum = u.reputation_sum - d.points,
         reputation = GREATEST(1, 1 + u.reputation_sum - d.points)
    FROM (SELECT user_id, SUM(points)::int AS points FROM removed_events GROUP BY user_id) d
   WHERE u.id = d.user_id AND d.points <> 0;
  RETURN NULL;
END $$;

CREATE TRIGGER reputation_events_inserted AFTER INSERT ON reputation_events
  REFERENCING NEW TABLE AS added_events FOR EACH STATEMENT EXECUTE FUNCTION agora_reputation_inserted();
CREATE TRIGGER reputation_events_deleted AFTER DELETE ON reputation_events
  REFERENCING OLD TABLE AS removed_events FOR EACH STATEMENT EXECUTE FUNCTION agora_reputation_deleted();

-- The ledger is append and delete only: an event's points never change in place.
CREATE FUNCTION agora_reputation_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.user_id, NEW.points) IS DISTINCT FROM (OLD.user_id, OLD.points) THEN
    RAISE EXCEPTION 'reputation_events are never updated: delete the event and record a new one';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER reputation_events_frozen BEFORE UPDATE ON reputation_events
  FOR EACH ROW EXECUTE FUNCTION agora_reputation_frozen();

-- The events the votes and accepted answers already stored call for (the rules of
-- lib/server/reputation/ledger.ts as of this migration; the triggers above move the counters).
INSERT INTO reputation_events (user_id, points, reason, question_id, answer_id, actor_id, source_key, created_at)
SELECT e.user_id, e.points, e.reason, NULL, a.id, v.user_id, 'answer-vote:' || a.id || ':' || v.user_id || ':' || e.kind, v.created_at
  FROM votes v
  JOIN answers a ON a.id = v.answer_id
  CROSS JOIN LATERAL (VALUES
    (a.author_id, CASE WHEN v.vote_type = 'up' THEN 10 ELSE -2 END, CASE WHEN v.vote_type = 'up' THEN 'answer_upvoted' ELSE 'answer_downvoted' END, v.vote_type::text),
    (CASE WHEN v.vote_type = 'down' THEN v.user_id END, -1, 'downvoted_answer', 'down-cost')
  ) AS e(user_id, points, reason, kind)
 WHERE e.user_id IS NOT NULL AND v.user_id <> a.author_id
   AND NOT (a.is_auto_generated OR a.custom_prompt IS NOT NULL OR a.ai_model IS NOT NULL)
ON CONFLICT (source_key) DO NOTHING;

INSERT INTO reputation_events (user_id, points, reason, question_id, answer_id, actor_id, source_key, created_at)
SELECT q.author_id, CASE WHEN v.vote_type = 'up' THEN 10 ELSE -2 END, CASE WHEN v.vote_type = 'up' THEN 'question_upvoted' ELSE 'question_downvoted' END,
       q.id, NULL, v.user_id, 'question-vote:' || q.id || ':' || v.user_id || ':' || v.vote_type, v.created_at
  FROM question_votes v
  JOIN questions q ON q.id = v.question_id
 WHERE v.user_id <> q.author_id
ON CONFLICT (source_key) DO NOTHING;

INSERT INTO reputation_events (user_id, points, reason, question_id, answer_id, actor_id, source_key, created_at)
SELECT e.user_id, e.points, e.reason, q.id, a.id, q.author_id, e.kind || ':' || q.id || ':' || a.id, timezone('UTC', now())
  FROM questions q
  JOIN answers a ON a.id = q.accepted_answer_id
  CROSS JOIN LATERAL (VALUES (a.author_id, 15, 'answer_accepted', 'accept'), (q.author_id, 2, 'accepted_answer', 'accept-asker')) AS e(user_id, points, reason, kind)
 WHERE a.author_id <> q.author_id
   AND NOT (a.is_auto_generated OR a.custom_prompt IS NOT NULL OR a.ai_model IS NOT NULL)
ON CONFLICT (source_key) DO NOTHING;

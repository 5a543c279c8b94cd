// Seeds a large synthetic community for the benchmark, entirely in SQL (generate_series), never
// row by row through the ORM. Secondary indexes are dropped while loading and rebuilt after,
// triggers are off during the load (session_replication_role = replica), and every
// denormalised counter is then computed from the rows, so the data is exactly what the app's
// own writes would have produced (except the search document, which covers title and
// description only; answers' text is left out of it to keep the seed fast, and reputation:
// members' counters are set from the votes by the ledger's rules, but the ledger itself,
// reputation_events, stays empty, so `npm run reputation:recompute` would reset them to 1).
import pg from "pg";

export interface BenchScale {
  questions: number;
  answers: number;
  votes: number;
  comments: number;
  members: number;
  tags: number;
  groups: number;
}

/** The default scale (1,000,000 questions) and smaller ones, proportionally. */
export function scaleFor(questions: number): BenchScale {
  const q = Math.max(100, Math.floor(questions));
  return {
    questions: q,
    answers: q * 3,
    votes: q * 10,
    comments: q * 2,
    members: Math.max(2_000, Math.floor(q / 20)),
    tags: Math.max(50, Math.min(2_000, Math.floor(q / 500))),
    groups: Math.max(5, Math.min(200, Math.floor(q / 5_000))),
  };
}

/** Words the titles, bodies and search terms are made of. */
export const WORDS = [
  "postgres", "index", "query", "react", "hooks", "server", "render", "cache", "latency", "memory", "thread", "async",
  "promise", "stream", "buffer", "socket", "docker", "kubernetes", "deploy", "build", "compile", "typescript", "python",
  "rust", "golang", "java", "kotlin", "swift", "linux", "kernel", "network", "router", "proxy", "nginx", "redis",
  "queue", "worker", "cron", "schema", "migration", "transaction", "deadlock", "vacuum", "replica", "shard", "backup",
  "test", "mock", "fixture", "coverage", "lint", "format", "module", "package", "import", "export", "closure", "generic",
  "interface", "struct", "pointer", "garbage", "collector", "profile", "benchmark", "optimize", "vector", "matrix",
  "tensor", "model", "training", "dataset", "gradient", "layout", "flexbox", "grid", "animation", "canvas", "browser",
  "cookie", "session", "token", "oauth", "password", "hash", "encrypt", "certificate", "firewall", "upload", "image",
  "video", "audio", "parser", "regex", "unicode", "locale", "timezone", "calendar",
];

const wordsSql = `ARRAY[${WORDS.map((w) => `'${w}'`).join(",")}]`;
/** n words picked by a hash of (seed, k), as an SQL text expression. */
const words = (seed: string, n: number, salt: number) =>
  `array_to_string(ARRAY(SELECT (${wordsSql})[1 + ((${seed})::bigint * ${7 + salt} + k * ${31 + salt} + (${seed})::bigint / ${3 + salt}) % ${WORDS.length}] FROM generate_series(1, ${n}) k), ' ')`;

const log = (m: string) => console.log(`[bench] ${m}`);

async function timed<T>(client: pg.Client, label: string, sql: string): Promise<T[]> {
  const started = Date.now();
  const res = await client.query(sql);
  log(`  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return res.rows as T[];
}

/** True when the database already holds a bench community of exactly this scale. */
export async function isSeeded(url: string, scale: BenchScale): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ scale: BenchScale }>(
      "SELECT scale FROM bench_meta LIMIT 1",
    ).catch(() => ({ rows: [] as { scale: BenchScale }[] }));
    return rows[0]?.scale?.questions === scale.questions;
  } finally {
    await client.end();
  }
}

const bigTables = ["users", "tags", "groups", "group_members", "questions", "question_tags", "answers", "votes", "question_votes", "comments", "tag_follows", "user_follows", "sessions"];

/** Fills an empty, migrated database with a community of the given scale. */
export async function seedBench(url: string, s: BenchScale): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    log(`Seeding ${s.questions.toLocaleString("en")} questions, ${s.answers.toLocaleString("en")} answers, ${s.votes.toLocaleString("en")} votes, ${s.comments.toLocaleString("en")} comments, ${s.members.toLocaleString("en")} members, ${s.tags} tags, ${s.groups} groups`);
    await client.query("SET synchronous_commit = off; SET maintenance_work_mem = '1GB'; SET work_mem = '256MB'; SET session_replication_role = replica");
    // One transaction from the truncation on: with wal_level=minimal (the bench's server) the
    // loads into freshly truncated tables skip the write-ahead log.
    await client.query("BEGIN");
    await client.query(`TRUNCATE ${bigTables.join(", ")}, question_views, saved_questions, notifications, ai_answer_jobs, rate_limits, email_outbox, group_join_requests, categories, accounts RESTART IDENTITY CASCADE`);
    await client.query("DROP TABLE IF EXISTS bench_meta");

    // Secondary indexes go while loading and come back afterwards (much faster than maintaining them row by row).
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
        WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      [bigTables],
    );
    for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);

    // Times spread over the last two years; question n is newer than question n-1.
    const span = 2 * 365 * 86400;
    const at = (n: string, total: number) => `(now() AT TIME ZONE 'UTC') - make_interval(secs => ${span} * (1 - (${n})::float8 / ${total}))`;

    await timed(client, "members", `
      INSERT INTO users (id, email, first_name, last_name, bio, created_at, updated_at, last_digest_at)
      SELECT 'bench-u' || n, 'member' || n || '@bench.agora.test', 'Member', 'No. ' || n, 'A bench member.',
             ${at("n", s.members)}, now(), now()
        FROM generate_series(1, ${s.members}) n`);
    await timed(client, "tags", `
      INSERT INTO tags (name, color, created_at)
      SELECT (${wordsSql})[1 + (n - 1) % ${WORDS.length}] || CASE WHEN n > ${WORDS.length} THEN '-' || ((n - 1) / ${WORDS.length}) ELSE '' END,
             '#6366f1', now() FROM generate_series(1, ${s.tags}) n`);
    // Every tenth group is private.
    await timed(client, "groups", `
      INSERT INTO groups (name, description, creator_id, is_private, created_at, updated_at)
      SELECT 'Group ' || n, ${words("n", 10, 2)}, 'bench-u' || (1 + (n * 97) % ${s.members}), n % 10 = 0, ${at("n", s.groups)}, now()
        FROM generate_series(1, ${s.groups}) n`);
    await timed(client, "group members", `
      INSERT INTO group_members (group_id, user_id, role)
      SELECT g.id, g.creator_id, 'admin' FROM groups g
      UNION ALL
      SELECT g, 'bench-u' || u, 'member' FROM generate_series(1, ${s.groups}) g,
             LATERAL (SELECT DISTINCT 1 + (g * 7919 + k * 104729) % ${s.members} AS u FROM generate_series(1, 50) k) m
       WHERE 'bench-u' || u <> (SELECT creator_id FROM groups WHERE id = g)`);
    // Texts come from a pool of distinct generated ones (titles with their search document
    // computed once), so the big inserts only copy.
    const pool = 20_000;
    await timed(client, "text pool", `
      CREATE TEMP TABLE pool_q AS
        SELECT n - 1 AS k, t.title, t.body, '<p>' || t.body || '</p>' AS html,
               setweight(to_tsvector('english', t.title), 'A') || setweight(to_tsvector('english', t.body), 'B') AS tsv
          FROM generate_series(1, ${pool}) n,
               LATERAL (SELECT 'How do I ' || ${words("n", 6, 3)} || '?' AS title, ${words("n", 40, 4)} AS body) t;
      CREATE TEMP TABLE pool_a AS
        SELECT n - 1 AS k, t.body, '<p>' || t.body || '</p>' AS html FROM generate_series(1, ${pool}) n, LATERAL (SELECT ${words("n", 30, 5)} AS body) t;
      CREATE TEMP TABLE pool_c AS
        SELECT n - 1 AS k, t.body, '<p>' || t.body || '</p>' AS html FROM generate_series(1, ${pool}) n, LATERAL (SELECT ${words("n", 12, 6)} AS body) t;
      ANALYZE pool_q; ANALYZE pool_a; ANALYZE pool_c`);
    // Answers: most questions get 3, some none, and the first 1% of questions get about 30 each.
    // Votes and comments are laid out arithmetically, so each answer's score and comment count
    // are known when it is written: vote j (0, 1, ...) of answer a exists while j * answers + a <= votes,
    // and is a down-vote when (a + j) % 5 = 0; comment c belongs to answer 1 + (c - 1) % answers.
    await timed(client, "answers", `
      INSERT INTO answers (id, content, content_html, question_id, author_id, vote_score, comment_count, created_at, updated_at)
      SELECT a, p.body, p.html,
             CASE WHEN a % 10 = 0 THEN 1 + ((a / 10) * 7) % GREATEST(1, ${s.questions} / 100) ELSE 1 + (a - 1) % ${s.questions} END,
             'bench-u' || (1 + (a * 53) % ${s.members}),
             CASE WHEN a <= ${s.votes} THEN (SELECT sum(CASE WHEN (a + j) % 5 = 0 THEN -1 ELSE 1 END) FROM generate_series(0, (${s.votes} - a) / ${s.answers}) j) ELSE 0 END,
             CASE WHEN a <= ${s.comments} THEN (${s.comments} - a) / ${s.answers} + 1 ELSE 0 END,
             ${at("a", s.answers)}, now()
        FROM generate_series(1, ${s.answers}) a JOIN pool_a p ON p.k = a % ${pool}
       ORDER BY 4, 1 -- stored question by question, as answers arriving after their question mostly are
    `);
    await timed(client, "question totals", `
      CREATE TEMP TABLE q_totals AS
        SELECT question_id, count(*)::int AS answers_n, sum(comment_count)::int AS comments, max(created_at) AS last
          FROM answers GROUP BY question_id;
      CREATE UNIQUE INDEX ON q_totals (question_id); ANALYZE q_totals`);
    // Votes on the questions themselves (a question's score is its own): question n gets n % 4 of
    // them, vote j by member 1 + (29n + 1013j) % members (never its author), down when (n + j) % 6 = 0.
    await timed(client, "question votes (planned)", `
      CREATE TEMP TABLE q_votes AS
        SELECT n AS question_id, 'bench-u' || (1 + (n * 29 + j * 1013) % ${s.members}) AS user_id,
               CASE WHEN (n + j) % 6 = 0 THEN 'down' ELSE 'up' END AS vote_type
          FROM generate_series(1, ${s.questions}) n, generate_series(0, 2) j
         WHERE j < n % 4 AND (n * 29 + j * 1013) % ${s.members} <> (n * 37) % ${s.members};
      CREATE TEMP TABLE q_scores AS
        SELECT question_id, sum(CASE WHEN vote_type = 'up' THEN 1 ELSE -1 END)::int AS score FROM q_votes GROUP BY question_id;
      CREATE UNIQUE INDEX ON q_scores (question_id); ANALYZE q_scores`);
    // One question in 20 is in a group (question ids that are multiples of 20).
    await timed(client, "questions", `
      INSERT INTO questions (id, title, description, description_html, author_id, group_id, view_count, answer_count, vote_score, comment_count,
                             search_vector, last_activity_at, created_at, updated_at)
      SELECT n, p.title, p.body, p.html, 'bench-u' || (1 + (n * 37) % ${s.members}),
             CASE WHEN n % 20 = 0 THEN 1 + (n / 20) % ${s.groups} END, (n * 13) % 500,
             coalesce(t.answers_n, 0), coalesce(qs.score, 0), coalesce(t.comments, 0), p.tsv,
             GREATEST(${at("n", s.questions)}, t.last), ${at("n", s.questions)}, now()
        FROM generate_series(1, ${s.questions}) n JOIN pool_q p ON p.k = n % ${pool} LEFT JOIN q_totals t ON t.question_id = n
        LEFT JOIN q_scores qs ON qs.question_id = n`);
    await timed(client, "question tags", `
      INSERT INTO question_tags (question_id, tag_id)
      SELECT DISTINCT n, 1 + ((n * (k + 3) * 2654435761) % ${s.tags})::int FROM generate_series(1, ${s.questions}) n, generate_series(0, (n % 3)) k`);
    await timed(client, "votes", `
      INSERT INTO votes (user_id, answer_id, vote_type, created_at)
      SELECT 'bench-u' || (1 + (a * 31 + j * 1009) % ${s.members}), a, CASE WHEN (a + j) % 5 = 0 THEN 'down' ELSE 'up' END, now()
        FROM (SELECT 1 + (i - 1) % ${s.answers} AS a, (i - 1) / ${s.answers} AS j FROM generate_series(1, ${s.votes}) i) v`);
    await timed(client, "question votes", `
      INSERT INTO question_votes (user_id, question_id, vote_type, created_at) SELECT user_id, question_id, vote_type, now() FROM q_votes`);
    // Reputation by the ledger's rules (lib/server/reputation/ledger.ts): +10 / -2 to the author of
    // a voted answer or question, -1 to a down-voter of an answer; no accepted answers here.
    await timed(client, "reputation", `
      UPDATE users u SET reputation_sum = x.s, reputation = GREATEST(1, 1 + x.s)
        FROM (SELECT user_id, sum(p)::int AS s FROM (
                SELECT a.author_id AS user_id, CASE WHEN v.vote_type = 'up' THEN 10 ELSE -2 END AS p
                  FROM votes v JOIN answers a ON a.id = v.answer_id WHERE a.author_id <> v.user_id
                UNION ALL
                SELECT v.user_id, -1 FROM votes v JOIN answers a ON a.id = v.answer_id WHERE v.vote_type = 'down' AND a.author_id <> v.user_id
                UNION ALL
                SELECT q.author_id, CASE WHEN v.vote_type = 'up' THEN 10 ELSE -2 END FROM q_votes v JOIN questions q ON q.id = v.question_id
              ) e GROUP BY user_id) x
       WHERE u.id = x.user_id`);
    await timed(client, "comments", `
      INSERT INTO comments (content, content_html, answer_id, depth, author_id, created_at, updated_at)
      SELECT p.body, p.html, 1 + (c - 1) % ${s.answers}, 0, 'bench-u' || (1 + (c * 61) % ${s.members}), now(), now()
        FROM generate_series(1, ${s.comments}) c JOIN pool_c p ON p.k = c % ${pool}
       ORDER BY 3, c`);
    await timed(client, "follows", `
      INSERT INTO tag_follows (user_id, tag_id)
      SELECT DISTINCT 'bench-u' || u, 1 + (u * 13 + k * 7) % ${s.tags} FROM generate_series(1, ${s.members}) u, generate_series(1, 5) k;
      INSERT INTO user_follows (follower_id, following_id)
      SELECT DISTINCT 'bench-u' || u, 'bench-u' || (1 + (u * 17 + k * 101) % ${s.members}) FROM generate_series(1, ${s.members}) u, generate_series(1, 5) k
       WHERE 1 + (u * 17 + k * 101) % ${s.members} <> u`);
    await timed(client, "counters and sequences", `
      UPDATE tags t SET question_count = x.n FROM (SELECT tag_id, count(*)::int AS n FROM question_tags GROUP BY tag_id) x WHERE t.id = x.tag_id;
      UPDATE tags t SET follow_count = x.n FROM (SELECT tag_id, count(*)::int AS n FROM tag_follows GROUP BY tag_id) x WHERE t.id = x.tag_id;
      UPDATE groups g SET member_count = x.n FROM (SELECT group_id, count(*)::int AS n FROM group_members GROUP BY group_id) x WHERE g.id = x.group_id;
      UPDATE groups g SET question_count = x.n FROM (SELECT group_id, count(*)::int AS n FROM questions WHERE group_id IS NOT NULL GROUP BY group_id) x WHERE g.id = x.group_id;
      SELECT setval(pg_get_serial_sequence('questions', 'id'), ${s.questions});
      SELECT setval(pg_get_serial_sequence('answers', 'id'), ${s.answers})`);

    log("  rebuilding indexes...");
    const indexStarted = Date.now();
    await client.query("SET max_parallel_maintenance_workers = 2");
    for (const index of indexes) await client.query(index.def);
    log(`  indexes (${((Date.now() - indexStarted) / 1000).toFixed(1)} s)`);
    await timed(client, "commit", "COMMIT");
    await client.query("SET session_replication_role = origin");
    // Tables kept by triggers in the app's migrations are recomputed once here, if the schema has them.
    await client.query(`DO $$ BEGIN IF to_regproc('agora_refresh_site_counters') IS NOT NULL THEN PERFORM agora_refresh_site_counters(); END IF; END $$`);
    await timed(client, "vacuum", "VACUUM (ANALYZE) questions, answers, question_tags");
    await timed(client, "analyze", "ANALYZE");
    await client.query("CREATE TABLE bench_meta (scale jsonb NOT NULL, seeded_at timestamptz NOT NULL DEFAULT now(), seconds real)");
    await client.query("INSERT INTO bench_meta (scale, seconds) VALUES ($1, $2)", [JSON.stringify(s), (Date.now() - started) / 1000]);
    log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

/** How long the seed of this database took, in seconds. */
export async function seedSeconds(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ seconds: number }>("SELECT seconds FROM bench_meta LIMIT 1");
    return rows[0]?.seconds ?? null;
  } finally {
    await client.end();
  }
}

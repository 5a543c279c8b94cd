/** @jest-environment node */
// The demo community seeds into its own database (seeding empties every table, so it must not
// share one with other test files), satisfies the counters' invariants, and re-seeds identically.
import crypto from "node:crypto";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../lib/generated/prisma/client";
import { verifyPassword } from "../../lib/server/auth/password";
import { demoLogins, DEMO_PASSWORD } from "../../prisma/seed/content";
import { demoUserId, seedDemoCommunity } from "../../prisma/seed";
import { applyMigrations } from "../../scripts/lib/migrate";

const serverUrl = process.env.DATABASE_URL!;
const name = `agora_seed_${crypto.randomBytes(4).toString("hex")}`;
let db: PrismaClient;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function one<T>(sql: string): Promise<T> {
  const rows = await db.$queryRawUnsafe<T[]>(sql);
  return rows[0]!;
}

async function count(sql: string): Promise<number> {
  return (await one<{ n: number }>(`SELECT (${sql})::int AS n`)).n;
}

// Both seeds use one clock: up-votes fold by UTC day, so two seeds a few seconds apart could
// otherwise fold a pair of votes either side of a midnight differently (CI saw 214 against 215).
const seededAt = new Date();

beforeAll(async () => {
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString());
  db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url.toString() }) });
  await seedDemoCommunity(db, { now: seededAt });
}, 60_000);

afterAll(async () => {
  await db?.$disconnect();
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

describe("seedDemoCommunity", () => {
  it("creates the assistant and ten members who can sign in with the demo password", async () => {
    const ai = await db.user.findMany({ where: { isAssistant: true } });
    expect(ai).toHaveLength(1);
    expect(ai[0]).toMatchObject({ email: "ai@agora.local", firstName: "Agora", lastName: "AI", passwordHash: null });

    const members = await db.user.findMany({ where: { isAssistant: false }, orderBy: { createdAt: "asc" } });
    expect(members).toHaveLength(10);
    expect(demoLogins).toHaveLength(10);
    for (const m of members) {
      expect(m.email).toMatch(/^[a-z]+@demo\.agora\.dev$/);
      expect(m).toMatchObject({ privacySettings: null, notificationSettings: null });
      for (const field of ["firstName", "lastName", "bio", "city", "country", "website"] as const) expect(m[field]).toBeTruthy();
      expect(Object.keys(m.socialLinks as object).sort()).toEqual(["github", "linkedin", "twitter"]);
    }
    // One admin and one moderator (issue 14; the README names them), everyone else a member.
    expect(members.filter((m) => m.role === "admin").map((m) => m.email)).toEqual(["elena@demo.agora.dev"]);
    expect(members.filter((m) => m.role === "moderator").map((m) => m.email)).toEqual(["tom@demo.agora.dev"]);
    expect(members.filter((m) => m.role === "member")).toHaveLength(8);
    expect(demoLogins.filter((l) => l.role !== "member").map((l) => [l.email, l.role])).toEqual([["elena@demo.agora.dev", "admin"], ["tom@demo.agora.dev", "moderator"]]);
    const maya = members.find((m) => m.email === "maya@demo.agora.dev")!;
    expect(maya.id).toBe(demoUserId("maya"));
    expect(await verifyPassword(DEMO_PASSWORD, maya.passwordHash)).toBe(true);
    expect(await verifyPassword("wrong-password", maya.passwordHash)).toBe(false);
  });

  it("creates categories, tags and groups with consistent counters", async () => {
    expect(await db.category.count()).toBe(3);
    const tags = await db.tag.findMany();
    expect(tags.length).toBeGreaterThanOrEqual(14);
    expect(new Set(tags.map((t) => t.color)).size).toBe(tags.length);
    for (const t of tags) {
      expect(t.name).toBe(t.name.toLowerCase());
      expect(t.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(t.categoryId).not.toBeNull();
    }
    expect(await count(`SELECT count(*) FROM tags t WHERE question_count <> (SELECT count(*) FROM question_tags qt WHERE qt.tag_id = t.id)`)).toBe(0);
    expect(await count(`SELECT count(*) FROM tags t WHERE follow_count <> (SELECT count(*) FROM tag_follows f WHERE f.tag_id = t.id)`)).toBe(0);

    const groups = await db.group.findMany({ include: { members: true, _count: { select: { questions: true } } } });
    expect(groups).toHaveLength(3);
    expect(groups.filter((g) => g.isPrivate)).toHaveLength(1);
    for (const g of groups) {
      expect(g.memberCount).toBe(g.members.length);
      expect(g.questionCount).toBe(g._count.questions);
      expect(g.members.find((m) => m.userId === g.creatorId)?.role).toBe("admin");
      expect(g.description && g.rules).toBeTruthy();
    }
    const privateGroup = groups.find((g) => g.isPrivate)!;
    expect(privateGroup.questionCount).toBe(4);
    expect(await db.groupJoinRequest.count({ where: { groupId: privateGroup.id } })).toBeGreaterThanOrEqual(1);
  });

  it("gives every question one automatic AI answer with provenance and a finished job", async () => {
    expect(await db.question.count()).toBe(42);
    expect(await count(`SELECT count(*) FROM questions q WHERE (SELECT count(*) FROM answers a WHERE a.question_id = q.id AND a.is_auto_generated) <> 1`)).toBe(0);
    const ai = await db.answer.findMany({ where: { isAutoGenerated: true }, include: { author: true, aiJob: true } });
    expect(ai).toHaveLength(42);
    for (const a of ai) {
      expect(a.author.isAssistant).toBe(true);
      expect(a.customPrompt).toBeNull();
      expect(a).toMatchObject({ aiModel: "gpt-4o-mini" });
      expect(a.aiPrompt).toBeTruthy();
      expect(Array.isArray(a.aiSources)).toBe(true);
      expect(a.aiInputTokens! > 0 && a.aiOutputTokens! > 0 && a.aiDurationMs! > 0).toBe(true);
      expect(a.contentHtml).toContain("<p>");
      expect(a.aiJob).toMatchObject({ status: "done", questionId: a.questionId });
    }
    expect(await db.aiAnswerJob.count()).toBe(42);

    // Custom-prompt answers belong to members and are not automatic.
    const custom = await db.answer.findMany({ where: { customPrompt: { not: null } }, include: { author: true } });
    expect(custom.length).toBeGreaterThan(0);
    for (const a of custom) expect(a.isAutoGenerated || a.author.isAssistant).toBe(false);

    expect(await count(`SELECT count(*) FROM questions q WHERE NOT EXISTS (SELECT 1 FROM answers a WHERE a.question_id = q.id AND NOT a.is_auto_generated)`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) FROM questions WHERE description_html = '' OR description_html LIKE '%<script%'`)).toBe(0);
    expect(await count(`SELECT count(*) FROM questions WHERE description_html LIKE '%class="hljs-%'`)).toBeGreaterThan(5);
  });

  it("keeps answer counts, vote scores and last activity consistent", async () => {
    expect(await count(`SELECT count(*) FROM answers a WHERE comment_count <> (SELECT count(*) FROM comments c WHERE c.answer_id = a.id)`)).toBe(0);
    expect(await count(`SELECT count(*) FROM questions q WHERE comment_count <> (SELECT count(*) FROM comments c JOIN answers a ON a.id = c.answer_id WHERE a.question_id = q.id)`)).toBe(0);
    expect(await count(`SELECT count(*) FROM questions WHERE comment_count > 0`)).toBeGreaterThan(5);
    expect(await count(`SELECT count(*) FROM questions WHERE search_vector IS NULL`)).toBe(0);
    expect(await count(`SELECT count(*) FROM questions q WHERE answer_count <> (SELECT count(*) FROM answers a WHERE a.question_id = q.id)`)).toBe(0);
    expect(
      await count(`SELECT count(*) FROM answers a WHERE vote_score <> COALESCE((SELECT sum(CASE WHEN vote_type = 'up' THEN 1 ELSE -1 END) FROM votes v WHERE v.answer_id = a.id), 0)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) FROM questions q WHERE vote_score <> COALESCE((SELECT sum(CASE WHEN vote_type = 'up' THEN 1 ELSE -1 END) FROM question_votes v WHERE v.question_id = q.id), 0)`),
    ).toBe(0);
    expect(await count(`SELECT count(*) FROM question_votes`)).toBeGreaterThan(20);
    expect(await count(`SELECT count(*) FROM question_votes v JOIN questions q ON q.id = v.question_id WHERE q.author_id = v.user_id`)).toBe(0);
    // Several questions have an accepted answer, each one of their own answers.
    expect(await count(`SELECT count(*) FROM questions WHERE accepted_answer_id IS NOT NULL`)).toBeGreaterThan(5);
    expect(await count(`SELECT count(*) FROM questions q JOIN answers a ON a.id = q.accepted_answer_id WHERE a.question_id <> q.id`)).toBe(0);
    expect(await count(`SELECT count(*) FROM answers WHERE NOT is_auto_generated AND length(trim(content)) < 20`)).toBe(0);
    expect(
      await count(`SELECT count(*) FROM questions q WHERE last_activity_at <> GREATEST(q.created_at,
        (SELECT max(created_at) FROM answers a WHERE a.question_id = q.id),
        (SELECT max(c.created_at) FROM comments c JOIN answers a ON a.id = c.answer_id WHERE a.question_id = q.id))`),
    ).toBe(0);
    expect(await count(`SELECT count(*) FROM votes v JOIN answers a ON a.id = v.answer_id WHERE a.author_id = v.user_id`)).toBe(0);
    expect(await count(`SELECT count(*) FROM votes WHERE vote_type = 'down'`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) FROM votes v JOIN users u ON u.id = v.user_id WHERE u.is_assistant`)).toBe(0);
    // The question total the lists show (X-Total-Count) comes from site_counters.
    expect(await count(`SELECT value FROM site_counters WHERE name = 'questions'`)).toBe(await count(`SELECT count(*) FROM questions`));
  });

  it("gives members reputation that adds up: the ledger follows the votes and accepts, the counters the ledger", async () => {
    const sum = (userFilter: string) => `COALESCE((SELECT sum(points) FROM reputation_events r WHERE r.user_id = ${userFilter}), 0)`;
    expect(await count(`SELECT count(*) FROM users u WHERE u.reputation_sum <> ${sum("u.id")} OR u.reputation <> GREATEST(1, 1 + ${sum("u.id")})`)).toBe(0);
    // Every non-AI up-vote on another member's answer is one +10 event.
    expect(await count(`SELECT count(*) FROM reputation_events WHERE reason = 'answer_upvoted'`)).toBe(
      await count(`SELECT count(*) FROM votes v JOIN answers a ON a.id = v.answer_id
        WHERE v.vote_type = 'up' AND NOT a.is_auto_generated AND a.custom_prompt IS NULL AND a.ai_model IS NULL AND a.author_id <> v.user_id`),
    );
    expect(await count(`SELECT count(*) FROM reputation_events WHERE reason = 'answer_accepted'`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) FROM reputation_events r JOIN users u ON u.id = r.user_id WHERE u.is_assistant`)).toBe(0);
    expect(await count(`SELECT count(*) FROM users WHERE reputation > 50 AND NOT is_assistant`)).toBeGreaterThan(2);
    expect(await count(`SELECT count(*) FROM users WHERE reputation < 1`)).toBe(0);
  });

  it("keeps private group content among its members", async () => {
    // [table, its member column, how it reaches the question id]
    const cases: [string, string, string][] = [
      ["answers", "author_id", "x.question_id"],
      ["comments", "author_id", "(SELECT a.question_id FROM answers a WHERE a.id = x.answer_id)"],
      ["votes", "user_id", "(SELECT a.question_id FROM answers a WHERE a.id = x.answer_id)"],
      ["saved_questions", "user_id", "x.question_id"],
    ];
    for (const [table, userColumn, questionId] of cases) {
      const outsiders = await count(`SELECT count(*) FROM ${table} x
        JOIN questions q ON q.id = ${questionId} JOIN groups g ON g.id = q.group_id AND g.is_private
        JOIN users u ON u.id = x.${userColumn} AND NOT u.is_assistant
        WHERE NOT EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = x.${userColumn})`);
      expect([table, outsiders]).toEqual([table, 0]);
    }
    expect(await count(`SELECT count(*) FROM answers a JOIN questions q ON q.id = a.question_id JOIN groups g ON g.id = q.group_id AND g.is_private`)).toBeGreaterThan(4);
  });

  it("creates threaded comments, some edited", async () => {
    expect(await count(`SELECT count(*) FROM comments WHERE depth = 0 AND parent_comment_id IS NULL`)).toBeGreaterThan(10);
    expect(await count(`SELECT count(*) FROM comments WHERE depth = 1`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) FROM comments WHERE depth = 2`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) FROM comments c JOIN comments p ON p.id = c.parent_comment_id WHERE c.depth <> p.depth + 1 OR c.answer_id <> p.answer_id OR c.created_at <= p.created_at`)).toBe(0);
    expect(await count(`SELECT count(*) FROM comments WHERE updated_at > created_at`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) FROM comments WHERE content_html = ''`)).toBe(0);
  });

  it("creates a few edited posts whose last revision is their current text", async () => {
    expect(await count(`SELECT count(*) FROM questions WHERE edited_at IS NOT NULL`)).toBeGreaterThanOrEqual(1);
    expect(await count(`SELECT count(*) FROM answers WHERE edited_at IS NOT NULL`)).toBeGreaterThanOrEqual(2);
    // Every edited post has revisions 1..N, the last one its current text, and nothing else has revisions.
    expect(await count(`SELECT count(*) FROM questions q WHERE (q.edited_at IS NOT NULL) <> EXISTS (SELECT 1 FROM question_revisions r WHERE r.question_id = q.id)`)).toBe(0);
    expect(await count(`SELECT count(*) FROM answers a WHERE (a.edited_at IS NOT NULL) <> EXISTS (SELECT 1 FROM answer_revisions r WHERE r.answer_id = a.id)`)).toBe(0);
    expect(await count(`SELECT count(*) FROM (SELECT question_id FROM question_revisions GROUP BY question_id HAVING max(number) <> count(*) OR min(number) <> 1) x`)).toBe(0);
    expect(await count(`SELECT count(*) FROM (SELECT answer_id FROM answer_revisions GROUP BY answer_id HAVING max(number) <> count(*) OR min(number) <> 1) x`)).toBe(0);
    expect(await count(`SELECT count(*) FROM answers a JOIN answer_revisions r ON r.answer_id = a.id AND r.number = (SELECT max(number) FROM answer_revisions WHERE answer_id = a.id) WHERE r.content <> a.content OR r.created_at <> a.edited_at`)).toBe(0);
    expect(await count(`SELECT count(*) FROM questions q JOIN question_revisions r ON r.question_id = q.id AND r.number = 2 WHERE r.description <> q.description OR r.title <> q.title`)).toBe(0);
    expect(await count(`SELECT count(*) FROM answer_revisions WHERE rollback_of IS NOT NULL`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) FROM answer_revisions r JOIN answers a ON a.id = r.answer_id WHERE r.number = 1 AND r.content = a.content`)).toBe(0);
  });

  it("creates follows, saves and notifications that point where they should", async () => {
    expect(await db.savedQuestion.count()).toBeGreaterThan(10);
    expect(await db.userFollow.count()).toBeGreaterThan(10);
    expect(await db.tagFollow.count()).toBeGreaterThan(10);
    expect(await db.categoryFollow.count()).toBeGreaterThanOrEqual(1);

    const notifications = await db.notification.findMany();
    expect(notifications.length).toBeGreaterThanOrEqual(25);
    expect(new Set(notifications.map((n) => n.type))).toEqual(new Set(["answer", "vote", "follow", "other"]));
    expect(notifications.some((n) => n.isRead) && notifications.some((n) => !n.isRead)).toBe(true);
    for (const n of notifications) {
      expect(n.actorId).toBeTruthy();
      expect(n.userId).not.toBe(n.actorId);
      if (n.type === "answer") {
        expect(n).toMatchObject({ relatedType: "question", relatedId: n.questionId });
        expect(n.link).toMatch(new RegExp(`^/questions/${n.questionId}#answer-\\d+$`));
      } else if (n.type === "vote") {
        expect(n.relatedType).toBe("answer");
        expect(n.link).toBe(`/questions/${n.questionId}#answer-${n.relatedId}`);
      } else if (n.type === "follow") {
        expect(n.link).toBe(`/users/${n.actorId}`);
      }
    }
    // Links to answers point at answers of that question.
    expect(
      await count(`SELECT count(*) FROM notifications n WHERE n.type = 'vote'
        AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.id = n.related_id AND a.question_id = n.question_id)`),
    ).toBe(0);
  });

  it("re-seeds to the same community, with sequences past the seeded ids", async () => {
    const before = await one<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM answers) AS answers, (SELECT count(*)::int FROM votes) AS votes,
              (SELECT count(*)::int FROM comments) AS comments, (SELECT count(*)::int FROM notifications) AS notifications`,
    );
    await seedDemoCommunity(db, { now: seededAt });
    const after = await one<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM answers) AS answers, (SELECT count(*)::int FROM votes) AS votes,
              (SELECT count(*)::int FROM comments) AS comments, (SELECT count(*)::int FROM notifications) AS notifications`,
    );
    expect(after).toEqual(before);
    expect(await count(`SELECT min(id) FROM questions`)).toBe(1);
    expect(await count(`SELECT value FROM site_counters WHERE name = 'questions'`)).toBe(await count(`SELECT count(*) FROM questions`));

    // A new row gets the next free id rather than colliding with a seeded one.
    const maya = await db.user.findUniqueOrThrow({ where: { email: "maya@demo.agora.dev" } });
    const tag = await db.tag.create({ data: { name: "seed-test-tag", color: "#123456" } });
    const question = await db.question.create({ data: { title: "A question asked after seeding", authorId: maya.id } });
    expect(tag.id).toBe((await db.tag.count()));
    expect(question.id).toBe(43);
  }, 60_000);
});

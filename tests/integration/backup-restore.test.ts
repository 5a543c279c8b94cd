/** @jest-environment node */
// npm run db:backup / db:restore: the demo community, backed up and restored into a fresh
// database, comes back whole (every table's rows, the counters, search, sequences); a restore
// refuses a database that holds data.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../lib/generated/prisma/client";
import { seedDemoCommunity } from "../../prisma/seed";
import { applyMigrations } from "../../scripts/lib/migrate";
import { backupDatabase, NotEmptyError, restoreDatabase } from "../../scripts/lib/backup";

const serverUrl = process.env.DATABASE_URL!;
const suffix = crypto.randomBytes(4).toString("hex");
const names = { source: `agora_backup_src_${suffix}`, target: `agora_backup_dst_${suffix}` };
const urlOf = (name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
let dir: string;

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Every application table's row count, and a digest of its rows. */
async function snapshot(url: string): Promise<Record<string, { rows: number; digest: string }>> {
  const tables = await query<{ name: string }>(
    url,
    `SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND relname <> '_prisma_migrations' ORDER BY relname`,
  );
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const { name } of tables) {
    const [row] = await query<{ rows: number; digest: string | null }>(
      url,
      `SELECT count(*)::int AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`,
    );
    out[name] = { rows: row!.rows, digest: row!.digest ?? "" };
  }
  return out;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-backup-"));
  await query(serverUrl, `CREATE DATABASE "${names.source}"`);
  await query(serverUrl, `CREATE DATABASE "${names.target}"`);
  await applyMigrations(urlOf(names.source));
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: urlOf(names.source) }) });
  try {
    await seedDemoCommunity(db, { log: () => {} });
  } finally {
    await db.$disconnect();
  }
}, 120_000);

afterAll(async () => {
  for (const name of Object.values(names)) await query(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("round-trips the demo community into an empty database", async () => {
    const file = path.join(dir, "demo.backup.gz");
    const before = await snapshot(urlOf(names.source));
    const written = await backupDatabase(urlOf(names.source), file);
    expect(written.questions).toBe(before.questions!.rows);
    expect(written.questions).toBeGreaterThan(0);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    const restored = await restoreDatabase(urlOf(names.target), file);
    expect(restored).toEqual(written);
    const after = await snapshot(urlOf(names.target));
    // Same rows in every table, to the byte: users, questions, answers, votes, comments, counters...
    expect(after).toEqual(before);
    for (const table of ["users", "questions", "answers", "comments", "votes", "tags", "site_counters"]) {
      expect(after[table]!.rows).toBeGreaterThan(0);
    }

    // Full-text search still finds questions, and new rows get fresh ids.
    const [{ word }] = await query<{ word: string }>(urlOf(names.source), `SELECT word FROM ts_stat('SELECT search_vector FROM questions') ORDER BY ndoc DESC, word LIMIT 1`);
    const searchCount = async (url: string) =>
      (await query<{ found: number }>(url, `SELECT count(*)::int AS found FROM questions WHERE search_vector @@ quote_literal('${word.replace(/'/g, "")}')::tsquery`))[0]!.found;
    const found = await searchCount(urlOf(names.target));
    expect(found).toBeGreaterThan(0);
    expect(found).toBe(await searchCount(urlOf(names.source)));
    const [{ id }] = await query<{ id: number }>(urlOf(names.target), `INSERT INTO tags (name) VALUES ('restored-${suffix}') RETURNING id`);
    const [{ max }] = await query<{ max: number }>(urlOf(names.source), `SELECT max(id)::int AS max FROM tags`);
    expect(id).toBeGreaterThan(max);
  });

  it("refuses a database that is not empty, with a clear line, and changes nothing", async () => {
    const file = path.join(dir, "again.backup.gz");
    await backupDatabase(urlOf(names.source), file);
    const before = await snapshot(urlOf(names.source));
    const attempt = restoreDatabase(urlOf(names.source), file);
    await expect(attempt).rejects.toThrow(NotEmptyError);
    await expect(attempt).rejects.toThrow(/^Refusing to restore: the target database is not empty \(table \w+ has rows\)\. Restore into a new, empty database\.$/);
    expect(await snapshot(urlOf(names.source))).toEqual(before);
  });

  it("refuses a file that is not a backup", async () => {
    const file = path.join(dir, "not-a-backup.gz");
    fs.writeFileSync(file, zlib.gzipSync('{"hello":1}\n'));
    await expect(restoreDatabase(urlOf(names.target), file)).rejects.toThrow(/is not an Agora backup/);
  });
});

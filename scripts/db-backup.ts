// npm run db:backup [FILE]: a consistent backup of the database (DATABASE_URL, or the embedded one
// in .data/) to FILE, by default backups/agora-<time>.backup.gz. Safe while the app runs.
import fs from "node:fs";
import path from "node:path";
import { backupDatabase } from "./lib/backup";
import { openTargetDatabase } from "./lib/target-db";

/** The file as typed relative to here when it is below, else in full. */
const shown = (file: string) => (path.relative(process.cwd(), file).startsWith("..") ? file : path.relative(process.cwd(), file));

async function main() {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.resolve(process.argv[2] ?? path.join("backups", `agora-${stamp}.backup.gz`));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const target = await openTargetDatabase();
  try {
    const started = Date.now();
    const counts = await backupDatabase(target.url, file);
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`Backed up ${target.label}: ${rows} rows in ${Object.keys(counts).length} tables to ${shown(file)} (${((Date.now() - started) / 1000).toFixed(1)} s).`);
  } finally {
    await target.close();
  }
}

main().catch((error) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

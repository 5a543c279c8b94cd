// npm run db:restore FILE: restores a backup of `npm run db:backup` into the database
// (DATABASE_URL, or the embedded one in .data/), which must be empty: it refuses one with data.
import fs from "node:fs";
import { NotEmptyError, restoreDatabase } from "./lib/backup";
import { openTargetDatabase } from "./lib/target-db";

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: npm run db:restore -- FILE   (a file written by npm run db:backup)");
    process.exit(2);
  }
  if (!fs.existsSync(file)) {
    console.error(`No such file: ${file}`);
    process.exit(2);
  }
  const target = await openTargetDatabase();
  try {
    const counts = await restoreDatabase(target.url, file);
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`Restored ${rows} rows in ${Object.keys(counts).length} tables into ${target.label}.`);
  } finally {
    await target.close();
  }
}

main().catch((error) => {
  console.error(error instanceof NotEmptyError ? error.message : `Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

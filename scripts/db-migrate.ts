// npm run db:migrate: applies pending migrations to DATABASE_URL (like `prisma migrate deploy`).
import { readEnv } from "../lib/config/env";
import { applyMigrations } from "./lib/migrate";

async function main() {
  const env = readEnv();
  if (!env.DATABASE_URL) {
    console.error("DATABASE_URL is not set: `npm start` runs an embedded database and migrates it by itself.");
    process.exit(1);
  }
  const applied = await applyMigrations(env.DATABASE_URL);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});

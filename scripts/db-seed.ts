// npm run db:seed: migrates DATABASE_URL, then replaces everything in it with the demo community.
// Refuses to wipe a database that holds real (non-demo) accounts unless --force is given.
import fs from "node:fs";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../lib/generated/prisma/client";
import { DEMO_EMAIL_DOMAIN, demoLogins } from "../prisma/seed/content";
import { seedDemoCommunity } from "../prisma/seed";
import { applyMigrations } from "./lib/migrate";

const COUNTED_TABLES = [
  "users", "categories", "tags", "groups", "group_members", "group_join_requests", "questions", "question_tags",
  "answers", "comments", "votes", "user_follows", "tag_follows", "category_follows", "saved_questions",
  "notifications", "ai_answer_jobs",
];

async function main() {
  // Variables already in the environment win over .env, as in Next.js and npm start.
  for (const file of [".env.local", ".env"]) if (fs.existsSync(file)) process.loadEnvFile(file);
  const url = process.env.DATABASE_URL?.trim();
  if (!url) {
    console.error("DATABASE_URL is not set: set it to the database to seed, or use `npm start`, which runs an embedded database and seeds it when empty.");
    process.exit(1);
  }

  const applied = await applyMigrations(url);
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);

  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  try {
    const [{ real }] = await db.$queryRaw<{ real: number }[]>`
      SELECT count(*)::int AS real FROM users
      WHERE NOT is_assistant AND email NOT LIKE ${`%@${DEMO_EMAIL_DOMAIN}`}`;
    if (real > 0 && !process.argv.includes("--force")) {
      console.error(`Refusing to seed: the database has ${real} account(s) that are not demo accounts, and seeding empties every table. Run \`npm run db:seed -- --force\` to wipe it anyway.`);
      process.exit(1);
    }

    await seedDemoCommunity(db, { log: (m) => console.log(m) });

    const counts = await db.$queryRawUnsafe<Record<string, number>[]>(
      `SELECT ${COUNTED_TABLES.map((t) => `(SELECT count(*)::int FROM "${t}") AS "${t}"`).join(", ")}`,
    );
    for (const [table, count] of Object.entries(counts[0]!)) console.log(`  ${table.padEnd(20)} ${count}`);
    console.log(`Demo sign-in: any of ${demoLogins.map((l) => l.email).join(", ")} with password ${demoLogins[0]!.password}`);
    for (const staff of demoLogins.filter((l) => l.role !== "member")) console.log(`Demo ${staff.role}: ${staff.email} (same password)`);
  } finally {
    await db.$disconnect();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});

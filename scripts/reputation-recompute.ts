// npm run reputation:recompute: sets every member's reputation from the ledger (reputation_events),
// through the app's own recomputeReputation(); on a healthy database it changes nothing.
import fs from "node:fs";
import { db } from "../lib/server/db";
import { recomputeReputation } from "../lib/server/reputation/ledger";

async function main() {
  // Variables already in the environment win over .env, as in Next.js and npm start.
  for (const file of [".env.local", ".env"]) if (fs.existsSync(file)) process.loadEnvFile(file);
  if (!process.env.DATABASE_URL?.trim()) {
    console.error("DATABASE_URL is not set: set it to the database whose reputation to recompute.");
    process.exit(1);
  }
  const { corrected } = await recomputeReputation(db);
  console.log(corrected === 0 ? "Every member's reputation already agrees with the ledger." : `Corrected the reputation of ${corrected} member(s) from the ledger.`);
  await db.$disconnect();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});

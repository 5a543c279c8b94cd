// npm start: Agora on http://localhost:3000 (PORT to change), with an embedded database in
// .data/ unless DATABASE_URL is set. `npm run dev` does the same with `next dev`.
import fs from "node:fs";
import path from "node:path";
import { readEnv } from "../lib/config/env";
import { runAgora } from "./lib/run-agora";

try {
  // Variables already in the environment win over .env, as in Next.js.
  for (const file of [".env.local", ".env"]) if (fs.existsSync(file)) process.loadEnvFile(file);
  const env = readEnv();
  void runAgora({
    dataDir: path.resolve(process.env.AGORA_DATA_DIR ?? ".data"),
    port: Number(env.PORT ?? 3000),
    dev: process.argv.includes("--dev"),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

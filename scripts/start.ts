// npm start: Agora on http://localhost:3000 (PORT to change), with an embedded database in
// .data/ unless DATABASE_URL is set. `npm run dev` does the same with `next dev`.
import fs from "node:fs";
import path from "node:path";
import { readEnv } from "../lib/config/env";
import { describeStartError, runAgora } from "./lib/run-agora";

// Whatever fails, the operator reads one line, never a stack trace or "reason undefined".
process.on("unhandledRejection", (reason) => {
  console.error(`[agora] ${describeStartError(reason)}`);
  process.exit(1);
});

try {
  // Variables already in the environment win over .env, as in Next.js.
  for (const file of [".env.local", ".env"]) if (fs.existsSync(file)) process.loadEnvFile(file);
  const env = readEnv();
  runAgora({
    dataDir: path.resolve(process.env.AGORA_DATA_DIR ?? ".data"),
    port: Number(env.PORT ?? 3000),
    dev: process.argv.includes("--dev"),
  }).catch((error: unknown) => {
    console.error(`[agora] ${describeStartError(error)}`);
    process.exit(1);
  });
} catch (error) {
  console.error(`[agora] ${describeStartError(error)}`);
  process.exit(1);
}

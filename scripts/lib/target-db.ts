// The database a maintenance command works on: DATABASE_URL when set, else the embedded one of
// `npm start` in .data/ (AGORA_DATA_DIR): the running server when `npm start` is up (its port is in
// postmaster.pid), otherwise started for the command and stopped after it.
import fs from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres } from "./embedded-db";

export interface TargetDatabase {
  url: string;
  /** Where it is, for messages (no password). */
  label: string;
  close(): Promise<void>;
}

/** Opens the database the command should use. */
export async function openTargetDatabase(): Promise<TargetDatabase> {
  for (const file of [".env.local", ".env"]) if (fs.existsSync(file)) process.loadEnvFile(file);
  const url = process.env.DATABASE_URL?.trim();
  if (url) {
    const parsed = new URL(url);
    return { url, label: `${parsed.host}${parsed.pathname} (DATABASE_URL)`, close: async () => {} };
  }
  const dataDir = path.resolve(process.env.AGORA_DATA_DIR ?? ".data", "postgres");
  const label = `embedded PostgreSQL in ${path.relative(process.cwd(), dataDir) || dataDir}`;
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (fs.existsSync(pidFile)) {
    const [pid, , , port] = fs.readFileSync(pidFile, "utf8").split("\n");
    if (isAlive(Number(pid)) && port) {
      return { url: `postgresql://postgres:postgres@127.0.0.1:${port.trim()}/agora`, label, close: async () => {} };
    }
  }
  const embedded = await startEmbeddedPostgres({ dataDir, database: "agora", quiet: true });
  return { url: embedded.url, label, close: () => embedded.stop() };
}

function isAlive(pid: number): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// One fresh database per test run: an embedded PostgreSQL in a temporary directory, or a new
// database on TEST_DATABASE_URL's server when that is set. Migrations are applied with the
// same runner `npm start` uses, once; each jest worker then gets its own copy of the migrated
// database (CREATE DATABASE ... TEMPLATE), so test files running at the same time never see each
// other's rows (tests/setup/jest.setup.ts points each worker at its copy).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import pg from "pg";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-db";
import { applyMigrations } from "../../scripts/lib/migrate";

declare global {
  var __agoraTestDb: { stop: () => Promise<void> } | undefined;
}

export default async function globalSetup(globalConfig: { maxWorkers: number }) {
  const name = `agora_test_${crypto.randomBytes(4).toString("hex")}`;
  const workers = Math.max(1, globalConfig.maxWorkers || 1);
  let url: string;
  if (process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const target = new URL(process.env.TEST_DATABASE_URL);
    target.pathname = `/${name}`;
    url = target.toString();
    globalThis.__agoraTestDb = {
      stop: async () => {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        for (let id = 1; id <= workers; id += 1) await client.query(`DROP DATABASE IF EXISTS "${name}_w${id}" WITH (FORCE)`);
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await client.end();
      },
    };
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-jest-"));
    fs.chmodSync(dataDir, 0o755);
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg"), database: name, quiet: true });
    url = embedded.url;
    globalThis.__agoraTestDb = {
      stop: async () => {
        await embedded.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  await applyMigrations(url);
  const admin = new pg.Client({ connectionString: url.replace(`/${name}`, "/postgres") });
  await admin.connect();
  try {
    for (let id = 1; id <= workers; id += 1) await admin.query(`CREATE DATABASE "${name}_w${id}" TEMPLATE "${name}"`);
  } finally {
    await admin.end();
  }
  process.env.DATABASE_URL = url;
  process.env.AGORA_TEST_WORKER_DATABASES = String(workers);
  process.env.NEXTAUTH_SECRET ??= crypto.randomBytes(32).toString("base64");
  process.env.AGORA_TEST = "1";
}

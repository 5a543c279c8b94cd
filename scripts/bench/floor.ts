// The bench's framework floor (issue 18) and the measures the page cases are compared with it by:
// the floor app (scripts/bench/floor-app) built once per change, its page padded to the size of
// Agora's median visitor question page, CPU time of a process tree, and the JavaScript a page loads.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { spawnSync } from "node:child_process";

const root = path.resolve(__dirname, "../..");
const source = path.join(__dirname, "floor-app");
/**
 * Where the floor app is copied and built: outside the repository, with node_modules linked to the
 * repository's. Built anywhere inside it, Turbopack (Next 16.4) takes the repository's own
 * instrumentation.ts into the floor's build, which then needs Agora's database.
 */
export const FLOOR_DIR = path.join(os.tmpdir(), `agora-bench-floor-${crypto.createHash("sha256").update(root).digest("hex").slice(0, 8)}`);
/** Turbopack's root for the floor: the file system's, the one ancestor of the floor and the repository's node_modules. */
export const FLOOR_ENV = { FLOOR_ROOT: path.parse(FLOOR_DIR).root };
const stampFile = path.join(FLOOR_DIR, ".next", "agora-floor-fingerprint");

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

/** A hash of the floor app's sources and the versions of Next and React it is built with. */
function fingerprint(): string {
  const hash = crypto.createHash("sha256");
  for (const file of files(source)) {
    hash.update(path.relative(source, file));
    hash.update(fs.readFileSync(file));
  }
  for (const pkg of ["next", "react", "react-dom"]) hash.update(fs.readFileSync(path.join(root, "node_modules", pkg, "package.json")));
  hash.update(FLOOR_DIR);

  return hash.digest("hex");
}

/** Copies the floor app to .data/bench/floor-app and runs `next build` there unless it holds a build of exactly these sources. */
export function buildFloorIfNeeded(log: (m: string) => void): void {
  const print = fingerprint();
  if (fs.existsSync(path.join(FLOOR_DIR, ".next", "BUILD_ID")) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === print) return;
  log("Building the floor app (a minimal Next.js app of the same version)...");
  fs.rmSync(FLOOR_DIR, { recursive: true, force: true });
  fs.cpSync(source, FLOOR_DIR, { recursive: true });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(FLOOR_DIR, "node_modules"), "dir");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: FLOOR_DIR,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...FLOOR_ENV },
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("next build of the floor app failed (see the output above)");
  for (const extra of ["instrumentation.js", "middleware.js"]) {
    if (fs.existsSync(path.join(FLOOR_DIR, ".next/server", extra))) throw new Error(`the floor app's build has a ${extra}: it took the repository's files`);
  }
  fs.writeFileSync(stampFile, print);
}

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * One GET with Node's http (no automatic decompression): status, headers and the body's bytes as
 * sent. A connection of its own each time (a reused keep-alive socket that the server closes as
 * the request leaves fails with "socket hang up"), and one retry when the connection fails.
 */
export async function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  try {
    return await getOnce(url, headers);
  } catch {
    return getOnce(url, headers);
  }
}

function getOnce(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${url}: no answer in 30 s`)));
  });
}

/** The HTML size (bytes, uncompressed) of a page. */
export async function htmlBytes(url: string): Promise<number> {
  const res = await rawGet(url);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return res.body.length;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * The padding (`/?pad=N`) that makes the floor page `target` bytes of HTML: the size grows linearly
 * with the padding (the text is in the HTML and again in the RSC payload inlined in it), so two
 * sizes give the slope; one more step corrects the rest.
 */
export async function calibrateFloor(base: string, target: number): Promise<{ pad: number; bytes: number }> {
  const at = (pad: number) => htmlBytes(`${base}/?pad=${pad}`);
  const empty = await at(0);
  const probe = 50_000;
  const slope = ((await at(probe)) - empty) / probe;
  let pad = Math.max(0, Math.round((target - empty) / slope));
  let bytes = await at(pad);
  pad = Math.max(0, Math.round(pad + (target - bytes) / slope));
  bytes = await at(pad);
  return { pad, bytes };
}

/** Every process of a tree (the root and its descendants). */
export function processTree(pid: number): number[] {
  const ps = spawnSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" }).stdout;
  const pairs = ps.trim().split("\n").map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const all = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, pp] of pairs) {
      if (all.has(pp) && !all.has(p)) {
        all.add(p);
        grew = true;
      }
    }
  }
  return [...all];
}

const TICK_MS = 1000 / Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);

/**
 * CPU time (user + system, milliseconds) the processes of these trees have used so far, from
 * /proc/<pid>/stat (a process that ended in between is not counted: take it around a run in
 * which the servers keep running).
 */
export function cpuMs(rootPids: number[]): number {
  let ticks = 0;
  for (const pid of new Set(rootPids.flatMap(processTree))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of the line)
    } catch {
      // ended
    }
  }
  return ticks * TICK_MS;
}

/**
 * The JavaScript a page makes the browser load before it is interactive, gzipped as served: the
 * scripts its HTML names (`<script src>`, preloads of scripts), each fetched with
 * Accept-Encoding: gzip and counted as transferred. The same measure for Agora and the floor
 * (Lighthouse, when it runs, also counts what loads later).
 */
export async function pageScriptsGzipBytes(pageUrl: string): Promise<{ bytes: number; scripts: number }> {
  const html = (await rawGet(pageUrl)).body.toString("utf8");
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) srcs.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="(?:preload|modulepreload)"[^>]*>/g)) {
    const tag = m[0];
    if (!/as="script"/.test(tag) && !/modulepreload/.test(tag)) continue;
    const href = /href="([^"]+)"/.exec(tag)?.[1];
    if (href) srcs.add(href);
  }
  let bytes = 0;
  for (const src of srcs) {
    const url = new URL(src.replaceAll("&amp;", "&"), pageUrl).toString();
    const res = await rawGet(url, { "accept-encoding": "gzip" });
    if (res.status !== 200) continue;
    // Served uncompressed (a small file): count what gzip would send, as a CDN would.
    bytes += res.headers["content-encoding"] === "gzip" ? res.body.length : zlib.gzipSync(res.body).length;
  }
  return { bytes, scripts: srcs.size };
}

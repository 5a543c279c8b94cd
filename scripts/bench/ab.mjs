// A/B of two running builds on the same bench database, interleaved to cancel the machine's drift:
//   node scripts/bench/ab.mjs --a http://127.0.0.1:3310 --b http://127.0.0.1:3300 [--rounds 2] [--duration 20] [--warmup 5]
//        [--questions 1000000] [--cookies .data/bench/cookies.txt] [--out bench/ab.json]
//        [--a-pid PID --b-pid PID --postmaster PID]
// Start each build's `next start` pinned to core 0 with the bench's environment (docs/PERFORMANCE.md,
// "Issue 13 regression removed"); this loads them from core 1 with load.mjs, one case of one build
// after the other (A, B, A, B, ...), and prints each round and the mean of the rounds.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const builds = { A: opt("a"), B: opt("b") };
if (!builds.A || !builds.B) throw new Error("--a URL and --b URL are required");
const rounds = Number(opt("rounds", 2));
const duration = Number(opt("duration", 20));
const warmup = Number(opt("warmup", 5));
const questions = Number(opt("questions", 1_000_000));
const cookies = fs.readFileSync(opt("cookies", ".data/bench/cookies.txt"), "utf8").split("\n").filter(Boolean);
// With the apps' and PostgreSQL's process ids, the CPU each request cost is counted too (user and
// system time of the app's process and of the database's backends over the measured run, from
// /proc): a figure that other work on the machine disturbs less than requests a second do.
const pids = { A: Number(opt("a-pid", 0)), B: Number(opt("b-pid", 0)) };
const postmaster = Number(opt("postmaster", 0));
const TICK_MS = 1000 / 100; // USER_HZ
function cpuMs(pid, withReapedChildren = false) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime, stime (and cutime, cstime: the children it has reaped)
    return (Number(f[11]) + Number(f[12]) + (withReapedChildren ? Number(f[13]) + Number(f[14]) : 0)) * TICK_MS;
  } catch {
    return 0;
  }
}
/** The database's CPU so far: the postmaster with the backends that have exited (it reaps them) and the live ones. */
function databaseCpuMs() {
  if (!postmaster) return 0;
  let total = cpuMs(postmaster, true);
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster) total += cpuMs(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

const cases = [
  { label: "visitor question page, 32 connections", kind: "question-page", connections: 32 },
  { label: "visitor question page, one connection", kind: "question-page", connections: 1, duration: Math.max(5, Math.round(duration / 2)) },
  { label: "member question page, 32 connections", kind: "member-question-page", connections: 32 },
  { label: "GET /api/questions/{id}, 32 connections", kind: "api-question", connections: 32 },
  { label: "member home feed, 32 connections", kind: "home-feed", connections: 32 },
];

function load(name, c) {
  const url = builds[name];
  const file = path.join(os.tmpdir(), `agora-ab-plan-${process.pid}.json`);
  const plan = { kind: c.kind, url, questions, tags: 2000, cookies, searchWords: ["index"], duration: c.duration ?? duration, warmup, connections: c.connections };
  fs.writeFileSync(file, JSON.stringify(plan));
  const before = { app: cpuMs(pids[name]), db: databaseCpuMs() };
  const run = spawnSync("taskset", ["-c", "1", process.execPath, path.join(import.meta.dirname, "load.mjs"), file], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`load.mjs failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout.trim().split("\n").pop());
  // The CPU of warm-up and run together, per request of both (the warm-up's requests are not counted: scale by time).
  const seconds = (c.duration ?? duration) + warmup;
  if (pids[name]) {
    const perRequest = (ms) => ms / (result.rps * seconds);
    result.appCpuMs = perRequest(cpuMs(pids[name]) - before.app);
    result.dbCpuMs = postmaster ? perRequest(databaseCpuMs() - before.db) : null;
  }
  return result;
}

const results = { A: cases.map(() => []), B: cases.map(() => []) };
const fmt = (r) => `${r.rps.toFixed(1)} req/s, p50 ${r.p50?.toFixed(1)} ms, p95 ${r.p95?.toFixed(1)} ms${r.appCpuMs !== undefined ? `, CPU per request: app ${r.appCpuMs.toFixed(1)} ms, database ${r.dbCpuMs?.toFixed(1) ?? "-"} ms` : ""}${r.errors || r.timeouts ? `, errors ${r.errors + r.timeouts}` : ""}${Object.keys(r.statuses).some((s) => s !== "200") ? ` ${JSON.stringify(r.statuses)}` : ""}`;
for (let round = 1; round <= rounds; round++) {
  for (const [i, c] of cases.entries()) {
    for (const name of round % 2 ? ["A", "B"] : ["B", "A"]) {
      const r = load(name, c);
      results[name][i].push(r);
      console.log(`round ${round} ${name} ${c.label}: ${fmt(r)} (load average ${os.loadavg()[0].toFixed(1)})`);
    }
  }
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`\n| case | A ${builds.A} | B ${builds.B} | change |\n| --- | --- | --- | --- |`);
const cpu = (rs) => (rs[0].appCpuMs === undefined ? "" : `; CPU ${mean(rs.map((r) => r.appCpuMs)).toFixed(1)} + ${mean(rs.map((r) => r.dbCpuMs ?? 0)).toFixed(1)} ms`);
for (const [i, c] of cases.entries()) {
  const [a, b] = [results.A[i], results.B[i]];
  if (c.connections === 1) {
    const [pa, pb] = [mean(a.map((r) => r.p50)), mean(b.map((r) => r.p50))];
    console.log(`| ${c.label} | p50 ${pa.toFixed(1)} ms${cpu(a)} | p50 ${pb.toFixed(1)} ms${cpu(b)} | ${(((pb - pa) / pa) * 100).toFixed(0)}% time |`);
  } else {
    const [ra, rb] = [mean(a.map((r) => r.rps)), mean(b.map((r) => r.rps))];
    console.log(`| ${c.label} | ${ra.toFixed(1)} req/s${cpu(a)} | ${rb.toFixed(1)} req/s${cpu(b)} | ${rb >= ra ? "+" : ""}${(((rb - ra) / ra) * 100).toFixed(0)}% |`);
  }
}
const out = opt("out", null);
if (out) fs.writeFileSync(out, JSON.stringify({ builds, rounds, duration, warmup, cases, results }, null, 2));

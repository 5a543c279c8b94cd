// A/B of two running builds on the same bench database, interleaved to cancel the machine's drift:
//   node scripts/bench/ab.mjs --a http://127.0.0.1:3310 --b http://127.0.0.1:3300 [--rounds 2] [--duration 20] [--warmup 5]
//        [--questions 1000000] [--cookies .data/bench/cookies.txt] [--out bench/ab.json]
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
const cases = [
  { label: "visitor question page, 32 connections", kind: "question-page", connections: 32 },
  { label: "visitor question page, one connection", kind: "question-page", connections: 1, duration: Math.max(5, Math.round(duration / 2)) },
  { label: "member question page, 32 connections", kind: "member-question-page", connections: 32 },
  { label: "GET /api/questions/{id}, 32 connections", kind: "api-question", connections: 32 },
  { label: "member home feed, 32 connections", kind: "home-feed", connections: 32 },
];

function load(url, c) {
  const file = path.join(os.tmpdir(), `agora-ab-plan-${process.pid}.json`);
  const plan = { kind: c.kind, url, questions, tags: 2000, cookies, searchWords: ["index"], duration: c.duration ?? duration, warmup, connections: c.connections };
  fs.writeFileSync(file, JSON.stringify(plan));
  const run = spawnSync("taskset", ["-c", "1", process.execPath, path.join(import.meta.dirname, "load.mjs"), file], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`load.mjs failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").pop());
}

const results = { A: cases.map(() => []), B: cases.map(() => []) };
const fmt = (r) => `${r.rps.toFixed(1)} req/s, p50 ${r.p50?.toFixed(1)} ms, p95 ${r.p95?.toFixed(1)} ms${r.errors || r.timeouts ? `, errors ${r.errors + r.timeouts}` : ""}${Object.keys(r.statuses).some((s) => s !== "200") ? ` ${JSON.stringify(r.statuses)}` : ""}`;
for (let round = 1; round <= rounds; round++) {
  for (const [i, c] of cases.entries()) {
    for (const name of round % 2 ? ["A", "B"] : ["B", "A"]) {
      const r = load(builds[name], c);
      results[name][i].push(r);
      console.log(`round ${round} ${name} ${c.label}: ${fmt(r)} (load average ${os.loadavg()[0].toFixed(1)})`);
    }
  }
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`\n| case | A ${builds.A} | B ${builds.B} | change |\n| --- | --- | --- | --- |`);
for (const [i, c] of cases.entries()) {
  const [a, b] = [results.A[i], results.B[i]];
  if (c.connections === 1) {
    const [pa, pb] = [mean(a.map((r) => r.p50)), mean(b.map((r) => r.p50))];
    console.log(`| ${c.label} | p50 ${pa.toFixed(1)} ms | p50 ${pb.toFixed(1)} ms | ${(((pb - pa) / pa) * 100).toFixed(0)}% time |`);
  } else {
    const [ra, rb] = [mean(a.map((r) => r.rps)), mean(b.map((r) => r.rps))];
    console.log(`| ${c.label} | ${ra.toFixed(1)} req/s | ${rb.toFixed(1)} req/s | ${rb >= ra ? "+" : ""}${(((rb - ra) / ra) * 100).toFixed(0)}% |`);
  }
}
const out = opt("out", null);
if (out) fs.writeFileSync(out, JSON.stringify({ builds, rounds, duration, warmup, cases, results }, null, 2));

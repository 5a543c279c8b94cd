// Request-by-request A/B of two running builds (one request at a time, A and B alternating on the
// same question, the order swapped every pair): on a machine shared with other work the drift hits
// both builds alike, which runs of 20 seconds one after the other cannot promise.
//   node scripts/bench/ab-paired.mjs --a http://127.0.0.1:3310 --b http://127.0.0.1:3300 [--pairs 300] [--questions 1000000] [--cookies .data/bench/cookies.txt]
// Run it pinned to the load generator's core (taskset -c 1). Prints the median and mean latency of each build per case.
import fs from "node:fs";

const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const builds = { A: opt("a"), B: opt("b") };
const pairs = Number(opt("pairs", 300));
const questions = Number(opt("questions", 1_000_000));
const cookies = fs.readFileSync(opt("cookies", ".data/bench/cookies.txt"), "utf8").split("\n").filter(Boolean);
const rand = (n) => Math.floor(Math.random() * n);
const publicQuestion = () => {
  const id = 1 + rand(questions);
  return id % 20 === 0 ? id + 1 : id; // multiples of 20 live in groups (some private)
};
const cases = [
  { label: "visitor question page", request: () => ({ path: `/questions/${publicQuestion()}` }) },
  { label: "member question page", request: () => ({ path: `/questions/${publicQuestion()}`, cookie: cookies[rand(100)] }) },
  { label: "GET /api/questions/{id}", request: () => ({ path: `/api/questions/${publicQuestion()}` }) },
  { label: "member home feed", request: () => ({ path: "/", cookie: cookies[rand(100)] }) },
];

async function timed(base, { path, cookie }) {
  const started = performance.now();
  const res = await fetch(base + path, { headers: cookie ? { cookie } : {} });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${base}${path}: ${res.status}`);
  return performance.now() - started;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

console.log(`| case (${pairs} pairs) | A ${builds.A}: median, mean | B ${builds.B}: median, mean | B/A median | B faster in |\n| --- | --- | --- | --- | --- |`);
for (const c of cases) {
  for (let i = 0; i < 10; i++) for (const base of Object.values(builds)) await timed(base, c.request()); // warm-up
  const times = { A: [], B: [] };
  let bFaster = 0;
  for (let i = 0; i < pairs; i++) {
    const req = c.request();
    const order = i % 2 ? ["A", "B"] : ["B", "A"];
    const t = {};
    for (const name of order) t[name] = await timed(builds[name], req);
    times.A.push(t.A);
    times.B.push(t.B);
    if (t.B < t.A) bFaster++;
  }
  const [ma, mb] = [median(times.A), median(times.B)];
  console.log(`| ${c.label} | ${ma.toFixed(1)} ms, ${mean(times.A).toFixed(1)} ms | ${mb.toFixed(1)} ms, ${mean(times.B).toFixed(1)} ms | ${(mb / ma).toFixed(2)} | ${((bFaster / pairs) * 100).toFixed(0)}% of pairs |`);
}

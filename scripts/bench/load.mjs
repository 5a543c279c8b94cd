// One load case of the benchmark, run as its own process pinned to the load generator's core
// (taskset). Reads a JSON plan from the file named by argv[2], runs a warm-up and then the
// measured run (with autocannon over `connections`, or at a fixed rate of evenly spaced requests
// when the plan has `overallRate`), and prints one JSON line: requests per second, latency
// percentiles from every response, status counts and errors.
import fs from "node:fs";
import autocannon from "autocannon";

const plan = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const rand = (n) => Math.floor(Math.random() * n);

/*
 * "Popular questions": question ids drawn from a Zipf distribution (s = 1) over all of them, as
 * real traffic repeats the popular pages. Rank r has weight 1/r; ranks map to ids through a
 * fixed shuffle (seeded), so the popular ones are spread over the table and not only the
 * most-answered first ids.
 */
function zipfSampler(n) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let r = 1; r <= n; r++) cdf[r - 1] = sum += 1 / r;
  const ids = new Int32Array(n);
  for (let i = 0; i < n; i++) ids[i] = i + 1;
  let seed = 0x9e3779b9;
  const next = () => ((seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return () => {
    const target = Math.random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return ids[lo];
  };
}
const zipf = plan.kind === "question-page-zipf" ? zipfSampler(plan.questions) : null;

/** The next request of a case: a path, and for posts a member's cookie and a JSON body. */
function makeRequest(kind, counter) {
  const { questions, tags, cookies, searchWords } = plan;
  const publicQuestion = () => {
    const id = 1 + rand(questions);
    return id % 20 === 0 ? id + 1 : id; // multiples of 20 live in groups (some private)
  };
  const cookie = () => cookies[counter.n++ % cookies.length];
  switch (kind) {
    case "question-page":
      return { method: "GET", path: `/questions/${publicQuestion()}` };
    case "question-page-zipf": {
      const id = zipf();
      return { method: "GET", path: `/questions/${id % 20 === 0 ? id + 1 : id}` };
    }
    case "member-question-page":
      // A signed-in member's question page (their votes, saved flag and the pending suggested edits are read too).
      return { method: "GET", path: `/questions/${publicQuestion()}`, headers: { cookie: cookies[rand(Math.min(100, cookies.length))] } };
    case "api-question":
      return { method: "GET", path: `/api/questions/${publicQuestion()}` };
    case "api-questions":
      return { method: "GET", path: "/api/questions" };
    case "search":
      // As members: visitors' searches are limited per address (searchVisitor, 30 a minute), and the bench comes from one.
      return {
        method: "GET",
        path: `/api/search?q=${encodeURIComponent(searchWords[rand(searchWords.length)] + " " + searchWords[rand(searchWords.length)])}`,
        headers: { cookie: cookies[rand(Math.min(100, cookies.length))] },
      };
    case "similar": {
      // The Ask dialog's lookup (issue 17): a random title of the seed's words, as members (visitors share search's per-address limit).
      const w = () => searchWords[rand(searchWords.length)];
      return {
        method: "GET",
        path: `/api/questions/similar?title=${encodeURIComponent(`Why does my ${w()} ${w()} ${w()} fail with ${w()}?`)}`,
        headers: { cookie: cookies[rand(Math.min(100, cookies.length))] },
      };
    }
    case "home-feed":
      return { method: "GET", path: "/", headers: { cookie: cookies[rand(Math.min(100, cookies.length))] } };
    case "post-question": {
      const n = counter.n;
      return {
        method: "POST",
        path: "/api/questions",
        headers: { cookie: cookie(), "content-type": "application/json" },
        body: JSON.stringify({
          title: `Bench question ${n} ${rand(1e9)}: how do I tune ${searchWords[rand(searchWords.length)]}?`,
          description: `I tried ${searchWords[rand(searchWords.length)]} and ${searchWords[rand(searchWords.length)]} with **markdown** and \`code\`.`,
          tagIds: [1 + rand(tags)],
        }),
      };
    }
    case "post-answer":
      return {
        method: "POST",
        path: `/api/questions/${publicQuestion()}/answers`,
        headers: { cookie: cookie(), "content-type": "application/json" },
        body: JSON.stringify({ content: `A bench answer: use ${searchWords[rand(searchWords.length)]} with an index. ${rand(1e9)}` }),
      };
    case "mixed": {
      const kinds = ["question-page", "question-page", "api-questions", "api-question", "search", "home-feed"];
      return makeRequest(kinds[rand(kinds.length)], counter);
    }
    case "bare":
      return { method: "GET", path: "/" };
    case "floor":
      // The floor app's one page, padded to the size of Agora's median question page (plan.path).
      return { method: "GET", path: plan.path };
    default:
      throw new Error(`unknown case ${kind}`);
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** What a measured run reports, from every response's latency and status. */
function summary({ seconds, latencies, statuses, errors, timeouts, bytes, cache }) {
  latencies.sort((a, b) => a - b);
  return {
    seconds,
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    statuses,
    errors,
    timeouts,
    bytesPerResponse: latencies.length ? bytes / latencies.length : 0,
    ...(countsCache ? { cache } : {}),
  };
}

// One counter across warm-up and measurement, so a member's cookie is not reused sooner than needed.
const counter = { n: plan.cookieOffset ?? 0 };

// Page cache outcomes (X-Agora-Cache) of the question page cases.
const countsCache = plan.kind === "question-page" || plan.kind === "question-page-zipf";

function run(seconds, record) {
  const latencies = [];
  const statuses = {};
  const cache = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: plan.url,
        connections: plan.connections,
        duration: seconds,
        timeout: 30,
        requests: [
          {
            setupRequest: (req) => {
              const next = makeRequest(plan.kind, counter);
              return { ...req, ...next, headers: { ...req.headers, ...(next.headers ?? {}) } };
            },
            ...(countsCache && record
              ? {
                  onResponse: (_status, _body, _context, headers) => {
                    const name = Object.keys(headers ?? {}).find((key) => key.toLowerCase() === "x-agora-cache");
                    const value = name ? String(headers[name]) : "none";
                    cache[value] = (cache[value] ?? 0) + 1;
                  },
                }
              : {}),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve(summary({ seconds, latencies, statuses, errors: result.errors, timeouts: result.timeouts, bytes: result.throughput.total, cache }));
      },
    );
    if (record) {
      instance.on("response", (_client, statusCode, _bytes, responseTime) => {
        latencies.push(responseTime);
        statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      });
    }
  });
}

/*
 * A fixed rate (plan.overallRate): arrivals evenly spaced, each request sent at its time whether or
 * not earlier ones have answered (an open model, as independent members posting are). autocannon's
 * own rate limit sends each connection's share of a second back to back at the start of the
 * second, so "20 a second" arrived as bursts of 20 and measured their queue.
 */
async function runPaced(seconds, record) {
  const latencies = [];
  const statuses = {};
  const cache = {};
  let errors = 0;
  let timeouts = 0;
  let bytes = 0;
  const interval = 1000 / plan.overallRate;
  const total = Math.round(seconds * plan.overallRate);
  const inFlight = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = start + i * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const next = makeRequest(plan.kind, counter);
    const sent = performance.now();
    inFlight.push(
      fetch(plan.url + next.path, { method: next.method, headers: next.headers, body: next.body, signal: AbortSignal.timeout(30_000) })
        .then(async (res) => {
          const body = await res.arrayBuffer();
          if (!record) return;
          latencies.push(performance.now() - sent);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          bytes += body.byteLength;
          if (countsCache) {
            const value = res.headers.get("x-agora-cache") ?? "none";
            cache[value] = (cache[value] ?? 0) + 1;
          }
        })
        .catch((error) => {
          if (!record) return;
          if (error?.name === "TimeoutError") timeouts += 1;
          else errors += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  return summary({ seconds, latencies, statuses, errors, timeouts, bytes, cache });
}

const measure = plan.overallRate ? runPaced : run;
if (plan.warmup > 0) await measure(plan.warmup, false);
// The bench reads the servers' CPU time when the measured run starts (run.ts, measured()).
process.stdout.write(`${JSON.stringify({ phase: "measure" })}\n`);
const result = await measure(plan.duration, true);
process.stdout.write(`${JSON.stringify(result)}\n`);

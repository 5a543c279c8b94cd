// What a page cache can do for visitors' Zipf traffic, worked out rather than measured: the
// ceiling issue 18's "5% of the bare server" meets when a cached page may live only so long.
//
// Question i (rank i of n, Zipf s = 1) is asked with probability p_i = (1/i) / H_n. At R requests
// a second, its requests arrive about R·p_i a second; the first one renders the page and keeps it
// for the time to live T, so each render is followed by R·p_i·T hits on average, and the share of
// its requests that render is 1 / (1 + R·p_i·T). Over all questions the miss ratio is
// Σ p_i / (1 + R·p_i·T). It falls as the rate rises (more requests find a page kept), which is
// why the ceiling is found by bisection rather than read off one ratio.

/** The share of requests that render, at `rate` requests a second over `questions` Zipf-distributed pages kept `ttlSeconds` each. */
export function zipfMissRatio(questions: number, rate: number, ttlSeconds: number): number {
  let harmonic = 0;
  for (let i = 1; i <= questions; i += 1) harmonic += 1 / i;
  let missRatio = 0;
  for (let i = 1; i <= questions; i += 1) {
    const p = 1 / i / harmonic;
    missRatio += p / (1 + rate * p * ttlSeconds);
  }
  return missRatio;
}

export type ZipfCeiling = { rate: number; missRatio: number };

/**
 * The highest rate one core sustains when a render costs `missCoreMs` of core and a cached page
 * `hitCoreMs` (0 gives an upper bound: hits for free).
 */
export function zipfCeiling(options: { questions: number; ttlSeconds: number; missCoreMs: number; hitCoreMs?: number; coreMsPerSecond?: number }): ZipfCeiling {
  const { questions, ttlSeconds, missCoreMs, hitCoreMs = 0, coreMsPerSecond = 1000 } = options;
  const load = (rate: number) => {
    const miss = zipfMissRatio(questions, rate, ttlSeconds);
    return { miss, coreMs: rate * (miss * missCoreMs + (1 - miss) * hitCoreMs) };
  };
  let low = 0;
  let high = 1;
  while (load(high).coreMs <= coreMsPerSecond) high *= 2; // the load grows with the rate
  for (let step = 0; step < 30; step += 1) {
    const mid = (low + high) / 2;
    if (load(mid).coreMs <= coreMsPerSecond) low = mid;
    else high = mid;
  }
  return { rate: low, missRatio: load(low).miss };
}

/** The render cost at which one core would serve `rate` requests a second of this traffic, hits free. */
export function missCostForRate(questions: number, rate: number, ttlSeconds: number, coreMsPerSecond = 1000): number {
  return coreMsPerSecond / (rate * zipfMissRatio(questions, rate, ttlSeconds));
}

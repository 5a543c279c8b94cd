import { missCostForRate, zipfCeiling, zipfMissRatio } from "@/scripts/bench/zipf-model";

/**
 * The bench's Zipf ceiling (scripts/bench/zipf-model.ts) against a simulation of the page cache
 * it models: Poisson arrivals of Zipf-distributed questions, each render kept for the time to live.
 */
function simulatedMissRatio(questions: number, rate: number, ttlSeconds: number, requests: number): number {
  const cdf: number[] = [];
  let sum = 0;
  for (let i = 1; i <= questions; i += 1) cdf.push((sum += 1 / i));
  // A fixed linear congruential sequence: the same draws every run.
  let seed = 12345;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const renderedAt = new Map<number, number>();
  let now = 0;
  let misses = 0;
  for (let n = 0; n < requests; n += 1) {
    now += -Math.log(1 - random()) / rate;
    const target = random() * sum;
    let low = 0;
    let high = questions - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cdf[mid]! < target) low = mid + 1;
      else high = mid;
    }
    const kept = renderedAt.get(low);
    if (kept === undefined || now - kept >= ttlSeconds) {
      misses += 1;
      renderedAt.set(low, now);
    }
  }
  return misses / requests;
}

describe("the Zipf page-cache model of the bench", () => {
  it("predicts the miss ratio a simulated cache shows", () => {
    for (const rate of [5, 50, 400]) {
      const modelled = zipfMissRatio(2_000, rate, 60);
      const simulated = simulatedMissRatio(2_000, rate, 60, 200_000);
      expect(Math.abs(modelled - simulated)).toBeLessThan(0.02);
    }
  });

  it("gives the rate at which renders use up one core, and the render cost a target rate needs", () => {
    const ceiling = zipfCeiling({ questions: 100_000, ttlSeconds: 60, missCoreMs: 20 });
    // At the ceiling the renders take the whole core.
    expect(ceiling.rate * ceiling.missRatio * 20).toBeCloseTo(1000, 0);
    expect(missCostForRate(100_000, ceiling.rate, 60)).toBeCloseTo(20, 1);
    // Cheaper renders raise it; costly hits lower it.
    expect(zipfCeiling({ questions: 100_000, ttlSeconds: 60, missCoreMs: 10 }).rate).toBeGreaterThan(ceiling.rate * 1.5);
    expect(zipfCeiling({ questions: 100_000, ttlSeconds: 60, missCoreMs: 20, hitCoreMs: 1 }).rate).toBeLessThan(ceiling.rate);
  });
});

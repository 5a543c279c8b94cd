/** @jest-environment node */
// chargeInOrder: several limits of one action in one statement (POST /api/questions uses it
// for "15 s apart" and "20 a day"). It must behave exactly like checking retryAfterSeconds then charge
// on rate-limiter-flexible's rows, and hold under concurrent requests.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { closeRateLimitStore, charge, chargeInOrder, rateLimits, resetLimit, retryAfterSeconds } from "@/lib/server/rate-limit";
import { unique } from "@/tests/factories";

afterAll(async () => {
  await closeRateLimitStore();
});

const ASK = { check: ["questionDaily"], spend: ["questionInterval", "questionDaily"] } as const;
const ask = (key: string) => chargeInOrder(key, ASK);

/** The 429 a call threw (its message and Retry-After), or "ok". */
async function outcome(call: Promise<void>): Promise<"ok" | { message: string; retryAfter: number }> {
  try {
    await call;
    return "ok";
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited") {
      return { message: error.message, retryAfter: error.extra.retryAfterSeconds ?? NaN };
    }
    throw error;
  }
}

const row = (name: string, key: string) => db.rateLimit.findUnique({ where: { key: `${name}:${key}` } });

describe("chargeInOrder (one statement for the limits of asking a question)", () => {
  it("charges both limits once, then answers the 15-second 429 without charging the day", async () => {
    const key = `member-${unique()}`;
    expect(await outcome(ask(key))).toBe("ok");
    expect((await row("questionInterval", key))?.points).toBe(1);
    expect((await row("questionDaily", key))?.points).toBe(1);

    const second = await outcome(ask(key));
    expect(second).toEqual({ message: rateLimits.questionInterval.message, retryAfter: expect.any(Number) });
    const { retryAfter } = second as { retryAfter: number };
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(rateLimits.questionInterval.duration);
    expect((await row("questionDaily", key))?.points).toBe(1);
  });

  it("writes rate-limiter-flexible's rows: the library sees them and keeps the same window", async () => {
    const key = `member-${unique()}`;
    await ask(key);
    const seconds = await retryAfterSeconds("questionInterval", key);
    expect(seconds).not.toBeNull();
    expect(seconds!).toBeLessThanOrEqual(rateLimits.questionInterval.duration);
    const expireBefore = (await row("questionInterval", key))!.expire;
    await expect(charge("questionInterval", key)).rejects.toMatchObject({ code: "rate_limited" });
    await expect(ask(key)).rejects.toMatchObject({ code: "rate_limited" });
    // Refused attempts do not push the window further (the library's upsert).
    expect((await row("questionInterval", key))!.expire).toBe(expireBefore);
    await resetLimit("questionInterval", key);
    expect(await outcome(ask(key))).toBe("ok");
  });

  it("allows 20 a day, then answers the daily 429 and charges nothing", async () => {
    const key = `member-${unique()}`;
    const { points, duration, message } = rateLimits.questionDaily;
    for (let i = 0; i < points; i++) {
      await resetLimit("questionInterval", key); // waive the 15 s spacing
      expect(await outcome(ask(key))).toBe("ok");
    }
    await resetLimit("questionInterval", key);
    const over = await outcome(ask(key));
    expect(over).toEqual({ message, retryAfter: expect.any(Number) });
    expect((over as { retryAfter: number }).retryAfter).toBeGreaterThan(duration - 60);
    expect((over as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(duration);
    expect(await row("questionInterval", key)).toBeNull(); // the check came first: nothing was charged
    expect((await row("questionDaily", key))?.points).toBe(points);
  });

  it("starts a new window once the old one has expired", async () => {
    const key = `member-${unique()}`;
    await ask(key);
    await db.rateLimit.updateMany({ where: { key: { in: [`questionInterval:${key}`, `questionDaily:${key}`] } }, data: { points: 99, expire: BigInt(Date.now() - 1000) } });
    expect(await outcome(ask(key))).toBe("ok");
    expect((await row("questionInterval", key))?.points).toBe(1);
    expect((await row("questionDaily", key))?.points).toBe(1);
    expect(Number((await row("questionInterval", key))!.expire)).toBeGreaterThan(Date.now());
  });

  it("holds under concurrency: of 30 simultaneous questions by one member, exactly one passes", async () => {
    const key = `member-${unique()}`;
    const results = await Promise.all(Array.from({ length: 30 }, () => outcome(ask(key))));
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    for (const r of results.filter((r) => r !== "ok")) expect(r).toMatchObject({ message: rateLimits.questionInterval.message });
    expect((await row("questionDaily", key))?.points).toBe(1);
  });

  it("holds under concurrency for the daily limit: of 30 simultaneous charges, exactly 20 pass", async () => {
    const key = `member-${unique()}`;
    const daily = () => chargeInOrder(key, { check: ["questionDaily"], spend: ["questionDaily"] });
    const results = await Promise.all(Array.from({ length: 30 }, () => outcome(daily())));
    expect(results.filter((r) => r === "ok")).toHaveLength(rateLimits.questionDaily.points);
    for (const r of results.filter((r) => r !== "ok")) expect(r).toMatchObject({ message: rateLimits.questionDaily.message });
  });
});

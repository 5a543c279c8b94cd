/** @jest-environment node */
// Guards of the error catalogue (issue 15): every message the API and the forms can show is in
// messages/en/errors.json, read back to the same key, and the English catalogue reproduces the
// message exactly (the interface renders errors.<key> even in English).
import IntlMessageFormat from "intl-messageformat";
import { ZodError, z } from "zod";

import english from "@/messages/en/errors.json";
import { matchErrorMessage, type ErrorKey } from "@/lib/i18n/error-keys";
import { errorResponse } from "@/lib/server/http";
import { badRequest, rateLimited } from "@/lib/server/errors";
import { collectErrorSources } from "@/tests/support/error-sources";

/** A template literal's `${...}` parts filled with a sample value. */
const sample = (text: string) => text.replace(/\$\{[^}]*\}(?:\})?/g, "7");

const render = (key: ErrorKey, params: Record<string, string | number>) => new IntlMessageFormat(english[key], "en").format(params) as string;

describe("matchErrorMessage", () => {
  it("finds an exact message", () => {
    expect(matchErrorMessage("Title must be at least 10 characters")).toEqual({ key: "questionTitleTooShort", params: {} });
  });

  it("reads a template's arguments back, a formatted number as a number", () => {
    expect(matchErrorMessage("Please select at most 5 tags")).toEqual({ key: "tooManyTags", params: { max: "5" } });
    expect(matchErrorMessage("Answer must be at most 30,000 characters")).toEqual({ key: "answerTooLong", params: { max: 30000 } });
    expect(matchErrorMessage("Your account is suspended until December 4, 2026, 15:00 UTC.")).toEqual({
      key: "suspended",
      params: { until: "December 4, 2026, 15:00 UTC" },
    });
  });

  it("prefers the exact message to a template it also fits", () => {
    expect(matchErrorMessage("First name must be at most 100 characters long.")?.key).toBe("firstNameTooLongLong");
    expect(matchErrorMessage("Middle name must be at most 100 characters long.")).toEqual({ key: "namePartTooLong", params: { label: "Middle name" } });
  });

  it("answers null for a message it does not know", () => {
    expect(matchErrorMessage("Something nobody wrote")).toBeNull();
    expect(matchErrorMessage("")).toBeNull();
  });

  it("renders every English entry back to a message it reads as the same key", () => {
    for (const key of Object.keys(english) as ErrorKey[]) {
      const text = render(key, Object.fromEntries([...english[key].matchAll(/\{(\w+)(, number)?\}/g)].map(([, name, number]) => [name, number ? 1234 : "x"])));
      expect({ key, match: matchErrorMessage(text)?.key }).toEqual({ key, match: key });
    }
  });
});

describe("matchErrorMessage over the catalogue as the app's bundles have it (precompiled by next-intl)", () => {
  it("reads every English entry back to the same key and arguments as the JSON file gives", async () => {
    const { default: compile } = await import("icu-minify/compile");
    const compiled = Object.fromEntries(Object.entries(english).map(([key, template]) => [key, compile(template)]));
    // Some entries compile to arrays (the ones with arguments), the plain ones stay strings.
    expect(Object.values(compiled).some(Array.isArray)).toBe(true);
    let precompiled: typeof matchErrorMessage | undefined;
    jest.isolateModules(() => {
      jest.doMock("@/messages/en/errors.json", () => ({ __esModule: true, default: compiled }));
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      precompiled = (require("@/lib/i18n/error-keys") as typeof import("@/lib/i18n/error-keys")).matchErrorMessage;
    });
    for (const key of Object.keys(english) as ErrorKey[]) {
      const text = render(key, Object.fromEntries([...english[key].matchAll(/\{(\w+)(, number)?\}/g)].map(([, name, number]) => [name, number ? 1234 : "x"])));
      expect({ key, match: precompiled!(text) }).toEqual({ key, match: matchErrorMessage(text) });
    }
    expect(precompiled!("Answer must be at most 30,000 characters")).toEqual({ key: "answerTooLong", params: { max: 30000 } });
  });
});

describe("every error message of the sources is in the catalogue", () => {
  let sources: ReturnType<typeof collectErrorSources>["sources"] = [];
  let unresolved: ReturnType<typeof collectErrorSources>["unresolved"] = [];
  // The TypeScript compiler reads lib/ and app/ (half a minute on a busy machine).
  beforeAll(() => ({ sources, unresolved } = collectErrorSources()), 180_000);

  it("finds the messages (error helpers in lib/ and app/, the zod schemas of lib/validation, the *_MESSAGE constants)", () => {
    expect(sources.length).toBeGreaterThan(200);
  });

  it("follows every message argument to its text, but the rate limits' table (whose messages it reads directly)", () => {
    expect(unresolved.filter((u) => !(u.where.startsWith("lib/server/rate-limit.ts") && u.text === "limits[name].message"))).toEqual([]);
  });

  it("matches each message, and the English template gives it back exactly", () => {
    const problems: string[] = [];
    for (const { where, text } of sources) {
      const message = sample(text);
      const match = matchErrorMessage(message);
      if (!match) problems.push(`${where}: "${message}" is not in messages/en/errors.json`);
      else if (render(match.key, match.params) !== message) problems.push(`${where}: errors.${match.key} renders "${render(match.key, match.params)}", not "${message}"`);
    }
    expect(problems).toEqual([]);
  });
});

describe("the error JSON (lib/server/http.ts)", () => {
  it("adds key and params to a ZodError's message and to each issue, keeping message and code", async () => {
    const schema = z.object({ title: z.string().min(10, "Title must be at least 10 characters"), note: z.string({ error: "Nobody knows this one" }) });
    const result = schema.safeParse({ title: "short" });
    const res = errorResponse(result.error as ZodError);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Title must be at least 10 characters",
      code: "bad_request",
      key: "questionTitleTooShort",
      params: {},
      issues: [
        { path: "title", message: "Title must be at least 10 characters", key: "questionTitleTooShort", params: {} },
        { path: "note", message: "Nobody knows this one" },
      ],
    });
  });

  it("adds them to an AppError (with its issues) and leaves an unknown message as it was", async () => {
    const res = errorResponse(badRequest("Please select at most 5 tags", [{ path: "tagIds", message: "Please select at most 5 tags" }]));
    expect(await res.json()).toEqual({
      message: "Please select at most 5 tags",
      code: "bad_request",
      key: "tooManyTags",
      params: { max: "5" },
      issues: [{ path: "tagIds", message: "Please select at most 5 tags", key: "tooManyTags", params: { max: "5" } }],
    });
    const limited = errorResponse(rateLimited(30));
    expect(limited.headers.get("Retry-After")).toBe("30");
    expect(await limited.json()).toEqual({ message: "Too many requests. Please try again later.", code: "rate_limited", key: "rateLimited", params: {} });
    expect(await errorResponse(badRequest("A message of no catalogue")).json()).toEqual({ message: "A message of no catalogue", code: "bad_request" });
  });
});

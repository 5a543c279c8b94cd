/** @jest-environment node */
// One rule for ids in paths (route handlers, pages, the page cache) and one cron-secret check
// for every /api/cron route.
import { requireCronSecret } from "@/lib/server/auth/cron-secret";
import { idParam } from "@/lib/server/http";
import { MAX_ID, parseId } from "@/lib/server/ids";
import { questionIdOfUrl } from "@/lib/server/page-cache/rules";

describe("parseId: the one rule for ids in paths", () => {
  it.each([["1", 1], ["42", 42], [String(MAX_ID), MAX_ID]])("reads %s", (raw, id) => {
    expect(parseId(raw)).toBe(id);
    expect(idParam(raw)).toBe(id);
    expect(questionIdOfUrl(`/questions/${raw}`)).toBe(id);
  });

  it.each(["", "0", "01", "007", "-1", "1.5", "1e3", "0x10", " 1", "１２", String(MAX_ID + 1), "99999999999999999999", "abc"])("refuses %j everywhere", (raw) => {
    expect(parseId(raw)).toBeNull();
    expect(() => idParam(raw, "Question not found")).toThrow("Question not found");
    expect(questionIdOfUrl(`/questions/${raw}`)).toBeNull();
  });

  it("refuses a missing segment", () => {
    expect(parseId(undefined)).toBeNull();
    expect(() => idParam(undefined)).toThrow("Not found");
  });
});

describe("requireCronSecret", () => {
  const saved = process.env.CRON_SECRET;
  afterEach(() => {
    if (saved === undefined) delete process.env.CRON_SECRET;
    else process.env.CRON_SECRET = saved;
  });
  const call = (authorization?: string) => () =>
    requireCronSecret(new Request("http://localhost/api/cron/mail", { headers: authorization ? { authorization } : {} }));

  it("refuses everything while CRON_SECRET is unset", () => {
    delete process.env.CRON_SECRET;
    expect(call("Bearer ")).toThrow("Unauthorized");
    expect(call("Bearer anything")).toThrow("Unauthorized");
  });

  it("accepts the secret as a bearer token, the scheme in any case, and nothing else", () => {
    process.env.CRON_SECRET = "s3cret";
    expect(call("Bearer s3cret")).not.toThrow();
    expect(call("bearer s3cret")).not.toThrow();
    expect(call()).toThrow("Unauthorized: a valid cron secret is required");
    expect(call("Bearer wrong")).toThrow("Unauthorized");
    expect(call("Basic s3cret")).toThrow("Unauthorized");
    expect(call("s3cret")).toThrow("Unauthorized");
  });
});

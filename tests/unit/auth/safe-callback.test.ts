/** @jest-environment node */
import { safeCallbackUrl } from "@/lib/safe-callback";

describe("safeCallbackUrl", () => {
  it.each([
    ["/questions/3", "/questions/3"],
    ["/", "/"],
    ["/tags/react?sort=new#top", "/tags/react?sort=new#top"],
    ["/users/abc", "/users/abc"],
    ["  /questions/3  ", "/questions/3"],
  ])("keeps the same-site path %j", (input, expected) => {
    expect(safeCallbackUrl(input)).toBe(expected);
  });

  it.each([
    "https://evil.com",
    "http://evil.com/path",
    "//evil.com",
    "///evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "/\\/evil.com",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.com",
    "questions/3",
    "/\tevil.com",
    "/\n/evil.com",
    "",
    "/" + "a".repeat(3000),
  ])("refuses %j", (input) => {
    expect(safeCallbackUrl(input)).toBe("/");
  });

  it.each([undefined, null, 42, {}, ["/questions/3", "//evil.com"]])("handles a non-string value (%j)", (input) => {
    expect(safeCallbackUrl(input)).toBe(Array.isArray(input) ? "/questions/3" : "/");
  });

  it.each(["/login", "/login?callbackUrl=%2F", "/api/login", "/api/logout", "/api/auth/signin"])(
    "sends %j home instead of back to signing in or out",
    (input) => {
      expect(safeCallbackUrl(input)).toBe("/");
    },
  );
});

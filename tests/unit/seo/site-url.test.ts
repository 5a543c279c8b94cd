/** @jest-environment node */
import { configuredSiteUrl, siteUrlFromHeaders } from "@/lib/seo/site-url";

describe("site URL", () => {
  it("takes APP_URL as an origin without a trailing slash", () => {
    expect(configuredSiteUrl("https://agora.example/")).toBe("https://agora.example");
    expect(configuredSiteUrl(" https://agora.example/community/ ")).toBe("https://agora.example/community");
    expect(configuredSiteUrl("")).toBeNull();
    expect(configuredSiteUrl(undefined)).toBeNull();
    expect(configuredSiteUrl("ftp://agora.example")).toBeNull();
    expect(configuredSiteUrl("not a url")).toBeNull();
  });

  it("falls back to the request's forwarded or own host and protocol", () => {
    expect(siteUrlFromHeaders(new Headers({ host: "127.0.0.1:3100" }))).toBe("http://127.0.0.1:3100");
    expect(siteUrlFromHeaders(new Headers({ host: "internal:3000", "x-forwarded-host": "agora.example", "x-forwarded-proto": "https" }))).toBe(
      "https://agora.example",
    );
    expect(siteUrlFromHeaders(new Headers({ host: "[::1]:3000" }))).toBe("http://[::1]:3000");
  });

  it("refuses a host header that is not a host", () => {
    expect(siteUrlFromHeaders(new Headers({ host: "evil.example/<script>" }))).toBe("http://localhost");
    expect(siteUrlFromHeaders(new Headers({ host: "a.example", "x-forwarded-proto": "javascript" }))).toBe("http://a.example");
    expect(siteUrlFromHeaders(new Headers())).toBe("http://localhost");
  });
});

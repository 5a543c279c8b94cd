import { localeFromCookieHeader, negotiateLocale, resolveLocale } from "@/lib/i18n/locales";

describe("choosing the interface's language", () => {
  it.each([
    ["es-ES,es;q=0.9,en;q=0.8", "es"],
    ["fr-CA", "fr"],
    ["de-AT;q=0.5, en-GB;q=0.9", "en"],
    ["en-US,en;q=0.9", "en"],
    ["zh-CN, de;q=0.3", "de"],
    ["pt-BR", null],
    ["*", null],
    ["", null],
    ["es;q=0", null],
    ["!!!, ;;;", null],
  ])("Accept-Language %j gives %s", (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });

  it("reads the language menu's cookie, and ignores what is not one of ours", () => {
    expect(localeFromCookieHeader("a=1; agora-locale=de; b=2")).toBe("de");
    expect(localeFromCookieHeader("agora-locale=xx")).toBeNull();
    expect(localeFromCookieHeader("other-agora-locale=fr")).toBeNull();
    expect(localeFromCookieHeader(null)).toBeNull();
  });

  it("prefers the member's choice, then the cookie, then the browser, then English", () => {
    expect(resolveLocale({ preference: "fr", cookie: "de", acceptLanguage: "es" })).toBe("fr");
    expect(resolveLocale({ preference: undefined, cookie: "de", acceptLanguage: "es" })).toBe("de");
    expect(resolveLocale({ preference: "xx", cookie: "yy", acceptLanguage: "es-MX" })).toBe("es");
    expect(resolveLocale({})).toBe("en");
  });
});

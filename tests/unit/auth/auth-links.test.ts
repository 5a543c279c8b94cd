import { headerSignInHref, signInHref, signUpHref } from "@/lib/auth-links";

describe("sign-in and sign-up links come back to the page", () => {
  it("the header's Sign In returns to the page it was pressed on, but not to home or the sign-in page", () => {
    expect(headerSignInHref("/questions/12")).toBe("/api/login?callbackUrl=%2Fquestions%2F12");
    expect(headerSignInHref("/")).toBe("/api/login");
    expect(headerSignInHref(null)).toBe("/api/login");
    expect(headerSignInHref("/login")).toBe("/api/login");
  });

  it("never carries another site's address", () => {
    expect(headerSignInHref("//evil.example/x")).toBe("/api/login");
    expect(signUpHref("https://evil.example")).toBe("/api/login?mode=signup");
  });

  it("sign-up opens the Create account tab and returns to the page", () => {
    expect(signUpHref("/questions/7")).toBe("/api/login?mode=signup&callbackUrl=%2Fquestions%2F7");
    expect(signUpHref()).toBe("/api/login?mode=signup");
  });

  it("member-only actions lead visitors to sign in and back", () => {
    expect(signInHref("/groups/7")).toBe("/login?callbackUrl=%2Fgroups%2F7");
  });
});

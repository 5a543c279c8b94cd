/** @jest-environment node */
// AUTH_TRUST_HOST as .env.example lists it: blank (a copied .env) counts as unset, so next-auth
// still takes its URL from the request and sign-in works on any host.
describe("AUTH_TRUST_HOST", () => {
  const saved = process.env.AUTH_TRUST_HOST;
  afterEach(() => {
    if (saved === undefined) delete process.env.AUTH_TRUST_HOST;
    else process.env.AUTH_TRUST_HOST = saved;
  });

  it.each([[undefined], [""], ["  "]])("is set to true when %j", async (value) => {
    if (value === undefined) delete process.env.AUTH_TRUST_HOST;
    else process.env.AUTH_TRUST_HOST = value;
    await jest.isolateModulesAsync(async () => {
      await import("@/lib/server/auth/options");
    });
    expect(process.env.AUTH_TRUST_HOST).toBe("true");
  });

  it("keeps a value the operator set", async () => {
    process.env.AUTH_TRUST_HOST = "1";
    await jest.isolateModulesAsync(async () => {
      await import("@/lib/server/auth/options");
    });
    expect(process.env.AUTH_TRUST_HOST).toBe("1");
  });
});

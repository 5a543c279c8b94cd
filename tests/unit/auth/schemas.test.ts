/** @jest-environment node */
import { registerSchema, signInSchema } from "@/lib/validation/auth";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.map(String).join("."), i.message]) ?? [];

describe("registerSchema", () => {
  it("accepts a valid body, trimming and lower-casing the e-mail and dropping unknown fields", () => {
    const result = registerSchema.safeParse({ email: "  Ada@Example.COM ", password: "12345678", firstName: "  Ada ", lastName: "Lovelace", isAdmin: true });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ email: "ada@example.com", password: "12345678", firstName: "Ada", lastName: "Lovelace" });
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["null", null],
  ])("turns a %s name into undefined", (_label, value) => {
    const result = registerSchema.safeParse({ email: "a@b.co", password: "12345678", firstName: value, lastName: value });
    expect(result.success).toBe(true);
    expect(result.data?.firstName).toBeUndefined();
    expect(result.data?.lastName).toBeUndefined();
  });

  it("does not trim the password", () => {
    expect(registerSchema.parse({ email: "a@b.co", password: "  spaced  " }).password).toBe("  spaced  ");
  });

  it.each([
    [{ email: "not-an-email", password: "12345678" }, [["email", "Please enter a valid email address"]]],
    [{ email: "", password: "12345678" }, [["email", "Please enter a valid email address"]]],
    [{ email: `${"a".repeat(250)}@example.com`, password: "12345678" }, [["email", "Please enter a valid email address"]]],
    [{ password: "12345678" }, [["email", "Please enter a valid email address"]]],
    [{ email: 7, password: "12345678" }, [["email", "Please enter a valid email address"]]],
    [{ email: "a@b.co", password: "1234567" }, [["password", "Password must be at least 8 characters long."]]],
    [{ email: "a@b.co" }, [["password", "Password must be at least 8 characters long."]]],
    [{ email: "a@b.co", password: "x".repeat(201) }, [["password", "Password must be at most 200 characters long."]]],
    [{ email: "a@b.co", password: "12345678", firstName: "x".repeat(101) }, [["firstName", "First name must be at most 100 characters long."]]],
    [{ email: "a@b.co", password: "12345678", lastName: 5 }, [["lastName", "Last name must be text"]]],
  ])("refuses %j", (input, expected) => {
    expect(messages(registerSchema.safeParse(input))).toEqual(expected);
  });

  it.each([null, [], "text", 42])("refuses a body that is not an object (%j)", (input) => {
    expect(messages(registerSchema.safeParse(input))).toEqual([["", "Request body must be a JSON object"]]);
  });
});

describe("signInSchema", () => {
  it("accepts an e-mail and any non-empty password", () => {
    expect(signInSchema.parse({ email: " Bob@Example.com", password: "x", remember: true })).toEqual({ email: "bob@example.com", password: "x" });
  });

  it.each([
    [{ email: "bob@example.com", password: "" }, [["password", "Please enter your password"]]],
    [{ email: "bob@example.com" }, [["password", "Please enter your password"]]],
    [{ email: "bob", password: "secret" }, [["email", "Please enter a valid email address"]]],
  ])("refuses %j", (input, expected) => {
    expect(messages(signInSchema.safeParse(input))).toEqual(expected);
  });
});

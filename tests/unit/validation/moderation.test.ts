/** @jest-environment node */
// The schemas of the profile's Moderate dialogs and of the member moderation routes (issue 14).
import { parseAdminEmails } from "@/lib/config/admin-emails";
import { deleteSpammerSchema, roleChangeSchema, suspendSchema } from "@/lib/validation/moderation";

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message);

describe("suspendSchema", () => {
  it.each([
    [{ days: 1, reason: "Spam" }, { days: 1, reason: "Spam" }],
    [{ days: 365, reason: "  Spam  " }, { days: 365, reason: "Spam" }],
  ])("accepts %o", (input, output) => {
    expect(suspendSchema.parse(input)).toEqual(output);
  });

  it.each([
    [{ days: 0, reason: "Spam" }, "Days must be a whole number from 1 to 365"],
    [{ days: 2.5, reason: "Spam" }, "Days must be a whole number from 1 to 365"],
    [{ days: null, reason: "Spam" }, "Days must be a whole number from 1 to 365"],
    [{ days: 3, reason: "" }, "Please give a reason for the suspension"],
    [{ days: 3, reason: "x".repeat(501) }, "Reason must be at most 500 characters"],
  ])("refuses %o: %s", (input, message) => {
    expect(messageOf(suspendSchema.safeParse(input))).toBe(message);
  });
});

describe("deleteSpammerSchema and roleChangeSchema", () => {
  it("takes an optional reason up to 500 characters", () => {
    expect(deleteSpammerSchema.parse({})).toEqual({});
    expect(deleteSpammerSchema.parse({ reason: " Spam ring " })).toEqual({ reason: "Spam ring" });
    expect(messageOf(deleteSpammerSchema.safeParse({ reason: 5 }))).toBe("Reason must be at most 500 characters");
  });

  it("takes member or moderator, never admin", () => {
    expect(roleChangeSchema.parse({ role: "moderator" })).toEqual({ role: "moderator" });
    expect(roleChangeSchema.parse({ role: "member" })).toEqual({ role: "member" });
    expect(messageOf(roleChangeSchema.safeParse({ role: "admin" }))).toBe('Role must be "member" or "moderator"');
  });
});

describe("parseAdminEmails (AGORA_ADMIN_EMAILS)", () => {
  it("lower-cases, trims, drops blanks and duplicates", () => {
    expect(parseAdminEmails(" Ada@Example.com,, grace@example.com ,ADA@example.com ")).toEqual(["ada@example.com", "grace@example.com"]);
    expect(parseAdminEmails(undefined)).toEqual([]);
    expect(parseAdminEmails("")).toEqual([]);
  });

  it("refuses an entry that is not an address", () => {
    expect(parseAdminEmails("ada@example.com, grace")).toBeNull();
    expect(parseAdminEmails("two words@example.com")).toBeNull();
  });
});

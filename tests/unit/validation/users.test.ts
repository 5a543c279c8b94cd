import { imageFileProblem } from "@/lib/validation/uploads";
import {
  accountDeleteSchema,
  cleanProfilePayload,
  cleanSocialUsername,
  isImageUrl,
  normalizeWebsite,
  parseStoredPreferences,
  passwordChangeSchema,
  passwordFormProblem,
  preferencesSchema,
  privacySettingsSchema,
  profileUpdateSchema,
  userListQuerySchema,
} from "@/lib/validation/users";

const blankForm = { profileImageUrl: "", firstName: "", lastName: "", bio: "", website: "", city: "", country: "", twitter: "", linkedin: "", github: "" };

describe("profile payload", () => {
  it("cleanProfilePayload drops blanks, trims, and sends blank social usernames as null", () => {
    expect(cleanProfilePayload({ ...blankForm, firstName: " Ada ", bio: "  ", twitter: " @ada ", github: "  " })).toEqual({
      firstName: "Ada",
      socialLinks: { twitter: "ada", linkedin: null, github: null },
    });
  });

  it("cleanSocialUsername strips any leading @ and whitespace", () => {
    expect(cleanSocialUsername("@@ada")).toBe("ada");
    expect(cleanSocialUsername("  ")).toBeNull();
    expect(cleanSocialUsername(null)).toBeNull();
  });

  it("profileUpdateSchema accepts a cleaned body and clears what is left out", () => {
    expect(profileUpdateSchema.parse({ firstName: "Ada", socialLinks: { twitter: "@ada" } })).toEqual({
      firstName: "Ada",
      lastName: null,
      bio: null,
      website: null,
      city: null,
      country: null,
      profileImageUrl: null,
      socialLinks: { twitter: "ada", linkedin: null, github: null },
    });
  });

  it.each([
    [{ website: "mailto:a@b.c" }, "Please enter a valid web address, like example.com or https://example.com"],
    [{ lastName: "x".repeat(101) }, "Last name must be at most 100 characters"],
    [{ country: "x".repeat(101) }, "Country must be at most 100 characters"],
    [{ socialLinks: { github: "a/b" } }, "GitHub username may contain only letters, digits, _ . and -"],
    [{ socialLinks: { linkedin: "x".repeat(101) } }, "LinkedIn username must be at most 100 characters"],
    [{ profileImageUrl: "/uploads/../../etc/passwd" }, "Profile image must be an http(s) URL or an uploaded image"],
  ])("profileUpdateSchema refuses %j", (body, message) => {
    const result = profileUpdateSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it.each([
    ["priya.dev", "https://priya.dev"],
    ["  priya.dev/blog ", "https://priya.dev/blog"],
    ["//priya.dev", "https://priya.dev"],
    ["priya.dev:8080/x", "https://priya.dev:8080/x"],
    ["http://priya.dev", "http://priya.dev"],
    ["https://priya.dev", "https://priya.dev"],
    ["javascript:alert(1)", null],
    ["JavaScript:alert(1)", null],
    ["data:text/html,hi", null],
    ["mailto:a@b.c", null],
    ["ftp://files.example", null],
    ["priya", null],
    ["", null],
  ])("normalizeWebsite(%j) is %j", (input, expected) => {
    expect(normalizeWebsite(input)).toBe(expected);
  });

  it("profileUpdateSchema stores a website typed without a scheme as its https URL", () => {
    expect(profileUpdateSchema.parse({ website: "priya.dev" }).website).toBe("https://priya.dev");
    expect(cleanProfilePayload({ ...blankForm, website: " priya.dev " })).toMatchObject({ website: "https://priya.dev" });
  });

  it("isImageUrl accepts http(s) and Agora's own uploads only", () => {
    expect(isImageUrl("https://cdn.example/a.png")).toBe(true);
    expect(isImageUrl("/uploads/0123456789abcdef0123456789abcdef.webp")).toBe(true);
    expect(isImageUrl("data:image/png;base64,AAAA")).toBe(false);
    expect(isImageUrl("javascript:alert(1)")).toBe(false);
  });
});

describe("settings", () => {
  it("privacy visibility is public, registered or private", () => {
    expect(privacySettingsSchema.parse({ profileVisibility: "registered" })).toEqual({ profileVisibility: "registered" });
    expect(privacySettingsSchema.safeParse({ profileVisibility: "friends" }).success).toBe(false);
  });

  it("preferences take the spec's choices only, and stored values fall back to defaults", () => {
    expect(preferencesSchema.parse({ theme: "auto", language: "de", questionsPerPage: 50 })).toEqual({ theme: "auto", language: "de", questionsPerPage: 50 });
    expect(preferencesSchema.safeParse({ questionsPerPage: 20 }).success).toBe(false);
    expect(parseStoredPreferences({ theme: "neon", questionsPerPage: 25 })).toEqual({ theme: "auto", language: null, questionsPerPage: 25 });
  });

  it("password change: at least 8 characters, confirmation must match", () => {
    expect(passwordChangeSchema.safeParse({ currentPassword: "x", newPassword: "12345678" }).success).toBe(true);
    expect(passwordChangeSchema.safeParse({ currentPassword: "x", newPassword: "1234567" }).error?.issues[0]?.message).toBe("Password must be at least 8 characters long.");
    expect(passwordChangeSchema.safeParse({ currentPassword: "x", newPassword: "12345678", confirmPassword: "87654321" }).error?.issues[0]?.message).toBe(
      "New password and confirmation do not match.",
    );
  });

  it("passwordFormProblem checks the mismatch first, then the length", () => {
    expect(passwordFormProblem({ newPassword: "short", confirmPassword: "other" })?.title).toBe("Password Mismatch");
    expect(passwordFormProblem({ newPassword: "short", confirmPassword: "short" })?.title).toBe("Password Too Short");
    expect(passwordFormProblem({ newPassword: "long-enough", confirmPassword: "long-enough" })).toBeNull();
  });

  it("account deletion needs the exact word DELETE", () => {
    expect(accountDeleteSchema.safeParse({ confirmation: "DELETE" }).success).toBe(true);
    expect(accountDeleteSchema.safeParse({ confirmation: "delete" }).success).toBe(false);
  });
});

describe("members directory query", () => {
  it("defaults to the New Users tab and trims the search", () => {
    expect(userListQuerySchema.parse({ search: "  ada " })).toMatchObject({ tab: "new", search: "ada", limit: 20 });
    expect(userListQuerySchema.safeParse({ tab: "admins" }).success).toBe(false);
  });
});

describe("image files (browser-side check)", () => {
  it("refuses non-images and files over 5MB", () => {
    expect(imageFileProblem({ type: "text/plain", size: 10 })).toBe("invalid");
    expect(imageFileProblem({ type: "image/png", size: 5 * 1024 * 1024 + 1 })).toBe("tooLarge");
    expect(imageFileProblem({ type: "image/jpeg", size: 1000 })).toBeNull();
  });
});

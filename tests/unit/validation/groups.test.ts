import { groupCreateSchema, groupListQuerySchema, groupUpdateSchema, isGroupImageUrl } from "@/lib/validation/groups";

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("group image addresses", () => {
  it.each(["https://example.com/a.png", "http://cdn.example.org/x/y.webp?v=2", "/uploads/abc123.webp", "/uploads/2026/a-b_c.png"])("accepts %s", (url) => {
    expect(isGroupImageUrl(url)).toBe(true);
  });
  it.each(["javascript:alert(1)", "data:image/png;base64,AAAA", "ftp://example.com/a.png", "//evil.example.com/a.png", "/uploads/../secret", "/etc/passwd", "not a url", "https://"])(
    "refuses %s",
    (url) => {
      expect(isGroupImageUrl(url)).toBe(false);
    },
  );
});

describe("groupCreateSchema", () => {
  it("trims, turns blanks into null and defaults to public", () => {
    expect(groupCreateSchema.parse({ name: "  Rust  ", description: "  ", rules: "Be kind ", profileImageUrl: "", extra: 1 })).toEqual({
      name: "Rust",
      description: null,
      rules: "Be kind",
      profileImageUrl: null,
      headerImageUrl: null,
      isPrivate: false,
    });
  });

  it.each([
    [{}, "Group name is required"],
    [{ name: "" }, "Group name is required"],
    [{ name: "x".repeat(101) }, "Group name must be 100 characters or less"],
    [{ name: "Ok", description: "d".repeat(501) }, "Description must be 500 characters or less"],
    [{ name: "Ok", rules: "r".repeat(1001) }, "Rules must be 1000 characters or less"],
    [{ name: "Ok", profileImageUrl: "nope" }, "Profile image must be a valid URL"],
    [{ name: "Ok", headerImageUrl: "nope" }, "Header image must be a valid URL"],
  ])("refuses %j with the spec's message", (input, message) => {
    expect(messageOf(groupCreateSchema.safeParse(input))).toBe(message);
  });

  it("accepts exactly 100, 500 and 1000 characters", () => {
    expect(groupCreateSchema.safeParse({ name: "n".repeat(100), description: "d".repeat(500), rules: "r".repeat(1000) }).success).toBe(true);
  });
});

describe("groupUpdateSchema", () => {
  it("leaves out what is not sent, and clears what is sent blank", () => {
    expect(groupUpdateSchema.parse({})).toEqual({});
    expect(groupUpdateSchema.parse({ description: "", isPrivate: true })).toEqual({ description: null, isPrivate: true });
  });
});

describe("groupListQuerySchema", () => {
  it("reads search, membership and paging", () => {
    expect(groupListQuerySchema.parse({ search: " rust ", membership: "joined", limit: "5" })).toEqual({ search: "rust", membership: "joined", limit: 5, cursor: undefined });
    expect(groupListQuerySchema.parse({ search: "" })).toEqual({ search: undefined, membership: undefined, limit: 20, cursor: undefined });
  });
});

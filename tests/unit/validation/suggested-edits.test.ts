import { suggestedEditCreateSchema, suggestedEditListQuerySchema, suggestedEditRejectSchema } from "@/lib/validation/suggested-edits";

// The schema the Suggest edit dialogs and POST /api/suggested-edits share.
describe("suggestedEditCreateSchema", () => {
  it.each([
    ["an answer's new content", { targetType: "answer", targetId: 3, content: "A clearer answer, long enough.", summary: " Clearer " }],
    ["a question's new title only", { targetType: "question", targetId: 3, title: "A clearer title for it", summary: "Title" }],
    ["a question's tags only", { targetType: "question", targetId: 3, tagIds: [1, 1, 2], summary: "Tags" }],
    ["a question's description, emptied", { targetType: "question", targetId: 3, description: null, summary: "Shorter" }],
  ])("accepts %s", (_name, body) => {
    expect(suggestedEditCreateSchema.safeParse(body).success).toBe(true);
  });

  it("keeps fields not given as undefined (the server keeps the post's own), trims the summary and drops duplicate tags", () => {
    const parsed = suggestedEditCreateSchema.parse({ targetType: "question", targetId: 3, tagIds: [1, 1, 2], summary: " Tags " });
    expect(parsed).toEqual({ targetType: "question", targetId: 3, tagIds: [1, 2], summary: "Tags" });
  });

  it.each([
    ["no target type", { targetId: 3, content: "A clearer answer, long enough.", summary: "x" }, "targetType must be question or answer"],
    ["a bad target id", { targetType: "answer", targetId: -1, content: "A clearer answer, long enough.", summary: "x" }, "targetId must be the id of a question or an answer"],
    ["a missing summary", { targetType: "answer", targetId: 3, content: "A clearer answer, long enough." }, "Please describe your edit in the edit summary"],
    ["a long summary", { targetType: "answer", targetId: 3, content: "A clearer answer, long enough.", summary: "x".repeat(301) }, "Edit summary must not exceed 300 characters"],
    ["a short answer", { targetType: "answer", targetId: 3, content: "Too short", summary: "x" }, "Answer must be at least 20 characters"],
    ["a title on an answer", { targetType: "answer", targetId: 3, content: "A clearer answer, long enough.", title: "A clearer title for it", summary: "x" }, "An answer has no title, description or tags: suggest its content"],
    ["six tags", { targetType: "question", targetId: 3, tagIds: [1, 2, 3, 4, 5, 6], summary: "x" }, "Please select at most 5 tags"],
  ])("refuses %s", (_name, body, message) => {
    const result = suggestedEditCreateSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });
});

describe("suggestedEditRejectSchema and suggestedEditListQuerySchema", () => {
  it("takes an optional reason of at most 500 characters", () => {
    expect(suggestedEditRejectSchema.parse({})).toEqual({ reason: null });
    expect(suggestedEditRejectSchema.parse({ reason: "  Not better  " })).toEqual({ reason: "Not better" });
    expect(suggestedEditRejectSchema.safeParse({ reason: "x".repeat(501) }).success).toBe(false);
  });

  it("lists pending suggestions unless told otherwise", () => {
    expect(suggestedEditListQuerySchema.parse({})).toMatchObject({ status: "pending", limit: 20 });
    expect(suggestedEditListQuerySchema.parse({ status: "approved" }).status).toBe("approved");
    expect(suggestedEditListQuerySchema.safeParse({ status: "maybe" }).success).toBe(false);
  });
});

import {
  CLOSE_REASON_MESSAGE,
  DUPLICATE_OF_REQUIRED_MESSAGE,
  LOCK_REASON_TOO_LONG_MESSAGE,
  closeQuestionSchema,
  lockQuestionSchema,
} from "@/lib/validation/question-states";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("closeQuestionSchema", () => {
  it.each([
    [{ reason: "off_topic" }, { reason: "off_topic", duplicateOfId: null }],
    [{ reason: "needs_details", duplicateOfId: 12 }, { reason: "needs_details", duplicateOfId: null }], // ignored for other reasons
    [{ reason: "duplicate", duplicateOfId: 12 }, { reason: "duplicate", duplicateOfId: 12 }],
  ])("accepts %j", (input, output) => {
    expect(closeQuestionSchema.parse(input)).toEqual(output);
  });

  it.each([
    [{}, CLOSE_REASON_MESSAGE],
    [{ reason: "spam" }, CLOSE_REASON_MESSAGE],
    [{ reason: "duplicate" }, DUPLICATE_OF_REQUIRED_MESSAGE],
    [{ reason: "duplicate", duplicateOfId: null }, DUPLICATE_OF_REQUIRED_MESSAGE],
    [{ reason: "duplicate", duplicateOfId: 0 }, DUPLICATE_OF_REQUIRED_MESSAGE],
    [{ reason: "duplicate", duplicateOfId: 1.5 }, DUPLICATE_OF_REQUIRED_MESSAGE],
    [{ reason: "duplicate", duplicateOfId: "12" }, DUPLICATE_OF_REQUIRED_MESSAGE],
    [{ reason: "duplicate", duplicateOfId: 2_147_483_648 }, DUPLICATE_OF_REQUIRED_MESSAGE],
    ["off_topic", "Request body must be a JSON object"],
  ])("refuses %j with %s", (input, message) => {
    expect(firstMessage(closeQuestionSchema.safeParse(input))).toBe(message);
  });
});

describe("lockQuestionSchema", () => {
  it("takes an optional reason of at most 500 characters, trimmed", () => {
    expect(lockQuestionSchema.parse({})).toEqual({});
    expect(lockQuestionSchema.parse({ reason: "  Heated  " })).toEqual({ reason: "Heated" });
    expect(firstMessage(lockQuestionSchema.safeParse({ reason: "x".repeat(501) }))).toBe(LOCK_REASON_TOO_LONG_MESSAGE);
    expect(firstMessage(lockQuestionSchema.safeParse({ reason: 5 }))).toBe(LOCK_REASON_TOO_LONG_MESSAGE);
  });
});

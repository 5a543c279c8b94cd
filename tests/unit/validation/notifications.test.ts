/** @jest-environment node */
import { notificationListQuerySchema } from "@/lib/validation/notifications";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("notificationListQuerySchema", () => {
  it("defaults to 20 of all notifications, and caps the limit at 100", () => {
    expect(notificationListQuerySchema.parse({})).toEqual({ limit: 20, cursor: undefined, unread: false });
    expect(notificationListQuerySchema.parse({ limit: "500", cursor: "abc" })).toEqual({ limit: 100, cursor: "abc", unread: false });
  });

  it.each([
    ["true", true],
    ["1", true],
    ["false", false],
    ["0", false],
    ["", false],
  ])("reads unread=%p as %p", (unread, expected) => {
    expect(notificationListQuerySchema.parse({ unread }).unread).toBe(expected);
  });

  it.each([
    [{ unread: "yes" }, "unread must be true or false"],
    [{ limit: "0" }, "limit must be a whole number of at least 1"],
    [{ limit: "2.5" }, "limit must be a whole number of at least 1"],
    [{ limit: "abc" }, "limit must be a whole number of at least 1"],
  ])("refuses %p", (query, message) => {
    expect(firstMessage(notificationListQuerySchema.safeParse(query))).toBe(message);
  });
});

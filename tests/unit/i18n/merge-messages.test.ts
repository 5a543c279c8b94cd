// A page's texts merged into the shell's (messages/merge.ts), key by key, as ScopedIntlProvider does.
import { mergeMessages } from "@/messages/merge";

describe("mergeMessages", () => {
  it("merges levels key by key and keeps both sides' texts", () => {
    const shell = { notifications: { bell: { label: "Notifications" } }, shell: { title: "Agora" } };
    const page = { notifications: { page: { title: "All notifications" } }, question: { ask: "Ask" } };
    expect(mergeMessages<object>(shell, page)).toEqual({
      notifications: { bell: { label: "Notifications" }, page: { title: "All notifications" } },
      shell: { title: "Agora" },
      question: { ask: "Ask" },
    });
    // Neither side is changed (the picked messages are shared by every request).
    expect(shell).toEqual({ notifications: { bell: { label: "Notifications" } }, shell: { title: "Agora" } });
  });

  it("takes a precompiled text (an array) whole, even when both sides send it", () => {
    const compiled = ["You have ", ["count", 2, { one: [0, " message"], other: [0, " messages"] }]];
    const merged = mergeMessages({ bell: { unreadOf: compiled } } as object, { bell: { unreadOf: compiled, label: "Bell" } } as object);
    expect(merged).toEqual({ bell: { unreadOf: compiled, label: "Bell" } });
    expect(Array.isArray((merged as { bell: { unreadOf: unknown } }).bell.unreadOf)).toBe(true);
  });
});

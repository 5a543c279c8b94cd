/** @jest-environment node */
// Notification texts rendered from their kind and parameters (issue 15): English exactly as the
// texts written before, every kind in every language, and stored params checked before use.
import { locales } from "@/lib/i18n/locales";
import { localizedNotificationText, parseNotificationText, renderNotificationText, type NotificationText } from "@/lib/server/notifications/texts";
import { voteFoldMessage, voteFoldTitle } from "@/lib/vote-folds";

const samples: NotificationText[] = [
  { kind: "answer", by: "member", actor: "Ada", question: "Q" },
  { kind: "answer", by: "aiAssisted", actor: "Ada", question: "Q" },
  { kind: "answer", by: "assistant", actor: "Agora AI", question: "Q" },
  { kind: "vote", actor: "Ada", question: "Q" },
  { kind: "accepted", actor: null, question: "Q" },
  { kind: "suggestedEdit", approved: true, onAnswer: true, actor: "Ada", question: "Q", reason: null },
  { kind: "suggestedEdit", approved: false, onAnswer: false, actor: "Ada", question: "Q", reason: "Typo" },
  { kind: "follow", actor: "Ada" },
  { kind: "reply", actor: "Ada", question: "Q", excerpt: "Hi" },
  { kind: "comment", actor: "Ada", question: "Q", excerpt: "Hi" },
  { kind: "directMessage", actor: "Ada", excerpt: "Hi" },
  { kind: "groupJoinRequest", actor: "Ada", group: "G" },
  { kind: "groupJoinApproved", actor: "Ada", group: "G" },
  { kind: "groupInvitation", actor: "Ada", group: "G" },
  { kind: "groupMemberJoined", actor: "Ada", group: "G" },
  { kind: "groupMemberApproved", actor: "Ada", group: "G" },
];

describe("notification texts", () => {
  it("says in English exactly what the vote folds said before", () => {
    for (const [up, down] of [[1, 0], [2, 0], [3, 1], [0, 1], [0, 4], [1, 2], [12, 0]] as const) {
      const text = renderNotificationText({ kind: "vote", actor: up ? "Dave Last" : null, question: "Title" }, { upCount: up, downCount: down });
      expect(text.title).toBe(voteFoldTitle(up, down));
      expect(text.message).toBe(voteFoldMessage({ up, down, upVoterName: up ? "Dave Last" : null, quotedTitle: "“Title”" }));
    }
  });

  it("says in English what the notify functions wrote before", () => {
    expect(renderNotificationText(samples[0]!)).toEqual({ title: "New answer to your question", message: "Ada answered “Q”" });
    expect(renderNotificationText(samples[4]!)).toEqual({ title: "Your answer was accepted", message: "Someone accepted your answer to “Q”" });
    expect(renderNotificationText(samples[6]!).message).toBe("Ada rejected your edit of “Q”: Typo");
    expect(renderNotificationText(samples[5]!).message).toBe("Ada approved your edit of an answer to “Q” (+2 reputation)");
    expect(renderNotificationText(samples[10]!, { eventCount: 1 }).title).toBe("New message from Ada");
    expect(renderNotificationText(samples[10]!, { eventCount: 3 }).title).toBe("3 new messages from Ada");
    expect(renderNotificationText(samples[15]!).message).toBe("You approved Ada's request to join G");
  });

  it.each(locales.filter((l) => l !== "en"))("renders every kind in %s, differently from English, with members' text untouched", (locale) => {
    for (const sample of samples) {
      const english = renderNotificationText(sample, { upCount: 2, downCount: 1, eventCount: 2 });
      const text = renderNotificationText(sample, { upCount: 2, downCount: 1, eventCount: 2 }, locale);
      expect(text.title).not.toBe(english.title);
      if ("actor" in sample && sample.actor && sample.kind !== "vote") expect(`${text.title} ${text.message}`).toContain(sample.actor);
      if ("question" in sample) expect(text.message).toContain(sample.question);
    }
    expect(renderNotificationText({ kind: "follow", actor: null }, {}, "de").message).toBe("Jemand folgt dir jetzt");
  });

  it("falls back to the stored English text for params it cannot read", () => {
    const row = { title: "Stored", message: "Stored message" };
    for (const params of [null, {}, { kind: "nope" }, { kind: "answer", by: "x", question: "Q" }, { kind: "follow", actor: 3 }, { kind: "reply", actor: "A", question: "Q" }, []]) {
      expect(parseNotificationText(params)).toBeNull();
      expect(localizedNotificationText({ ...row, params }, "es")).toEqual(row);
    }
    expect(localizedNotificationText({ ...row, params: { kind: "follow", actor: "Ada" } }, "es")).toEqual({ title: "Nuevo seguidor", message: "Ada empezó a seguirte" });
  });
});

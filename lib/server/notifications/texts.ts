import "server-only";
import { truncateText } from "@/lib/markdown/render";
import { defaultLocale, type Locale } from "@/lib/i18n/locales";
import { serverTranslator } from "@/lib/server/i18n/server-texts";

/*
 * What a notification says, in any of the interface's languages (issue 15). A notification
 * stores its text's kind and parameters (notifications.params, the `NotificationText` below) next
 * to the English title and message the API keeps (SPEC.md); the interface renders the text from
 * them in the reader's language (namespace notificationTexts). Members' content (names, titles,
 * excerpts, reasons, group names) goes in as parameters and is never translated. Counts that
 * change in place come from the row, not from params: a vote fold's up_count and down_count, a
 * message fold's event_count. Rows written before params existed keep their stored English text.
 */

/** A member's name as a notification shows it; null is "Someone" in the reader's language. */
type Actor = string | null;

export type NotificationText =
  | { kind: "answer"; by: "member" | "aiAssisted" | "assistant"; actor: Actor; question: string }
  | { kind: "vote"; actor: Actor; question: string }
  | { kind: "accepted"; actor: Actor; question: string }
  | { kind: "suggestedEdit"; approved: boolean; onAnswer: boolean; actor: Actor; question: string; reason: string | null }
  | { kind: "follow"; actor: Actor }
  | { kind: "reply" | "comment"; actor: Actor; question: string; excerpt: string }
  | { kind: "directMessage"; actor: Actor; excerpt: string }
  | { kind: "groupJoinRequest" | "groupJoinApproved" | "groupInvitation"; actor: Actor; group: string }
  /** Only the demo community's notifications (prisma/seed) say these. */
  | { kind: "groupMemberJoined" | "groupMemberApproved"; actor: Actor; group: string };

/** What of the row a text may need besides its params: the counts kept up to date in place. */
export interface NotificationCounts {
  upCount?: number;
  downCount?: number;
  eventCount?: number;
}

export const NOTIFICATION_TITLE_MAX = 255;
export const NOTIFICATION_MESSAGE_MAX = 2000;
/** How much of a question title a notification quotes. */
const QUOTED_TITLE_CHARS = 90;

/** A question title shortened the way notifications quote it (the quotes belong to each language's message). */
export const quotedTitle = (title: string) => truncateText(title, QUOTED_TITLE_CHARS);

/** A notification's title and message in one language, clipped to the columns' lengths. */
export function renderNotificationText(text: NotificationText, counts: NotificationCounts = {}, locale: Locale = defaultLocale): { title: string; message: string } {
  const t = serverTranslator(locale, "notificationTexts");
  const actor = ("actor" in text ? text.actor : null) ?? t("someone");
  const out = ((): { title: string; message: string } => {
    switch (text.kind) {
      case "answer": {
        const title = text.by === "assistant" ? t("answer.titleAssistant") : text.by === "aiAssisted" ? t("answer.titleAiAssisted") : t("answer.titleMember");
        return { title, message: t("answer.message", { actor, question: text.question }) };
      }
      case "vote": {
        const up = Math.max(0, counts.upCount ?? 0);
        const down = Math.max(0, counts.downCount ?? 0);
        const title = up > 0 && down > 0 ? t("vote.titleBoth", { up, down }) : up > 0 ? t("vote.titleUp", { up }) : t("vote.titleDown", { down });
        const others = Math.max(0, up - 1);
        const message =
          up === 0
            ? t("vote.messageDown", { question: text.question, down })
            : down > 0
              ? t("vote.messageUpAndDown", { actor, others, question: text.question, down })
              : t("vote.messageUp", { actor, others, question: text.question });
        return { title, message };
      }
      case "accepted":
        return { title: t("accepted.title"), message: t("accepted.message", { actor, question: text.question }) };
      case "suggestedEdit": {
        const title = text.approved ? t("suggestedEdit.approvedTitle") : t("suggestedEdit.rejectedTitle");
        const values = { actor, question: text.question };
        const message = text.approved
          ? text.onAnswer
            ? t("suggestedEdit.approvedAnswer", values)
            : t("suggestedEdit.approvedQuestion", values)
          : text.reason
            ? text.onAnswer
              ? t("suggestedEdit.rejectedAnswerReason", { ...values, reason: text.reason })
              : t("suggestedEdit.rejectedQuestionReason", { ...values, reason: text.reason })
            : text.onAnswer
              ? t("suggestedEdit.rejectedAnswer", values)
              : t("suggestedEdit.rejectedQuestion", values);
        return { title, message };
      }
      case "follow":
        return { title: t("follow.title"), message: t("follow.message", { actor }) };
      case "reply":
        return { title: t("comment.replyTitle"), message: t("comment.replyMessage", { actor, question: text.question, excerpt: text.excerpt }) };
      case "comment":
        return { title: t("comment.answerTitle"), message: t("comment.answerMessage", { actor, question: text.question, excerpt: text.excerpt }) };
      case "directMessage":
        return { title: t("directMessage.title", { count: Math.max(1, counts.eventCount ?? 1), actor }), message: text.excerpt };
      case "groupJoinRequest":
        return { title: t("group.joinRequestTitle", { group: text.group }), message: t("group.joinRequestMessage", { actor, group: text.group }) };
      case "groupJoinApproved":
        return { title: t("group.joinApprovedTitle", { group: text.group }), message: t("group.joinApprovedMessage", { actor, group: text.group }) };
      case "groupInvitation":
        return { title: t("group.invitationTitle", { group: text.group }), message: t("group.invitationMessage", { actor, group: text.group }) };
      case "groupMemberJoined":
        return { title: t("group.newMemberTitle", { group: text.group }), message: t("group.memberJoinedMessage", { actor, group: text.group }) };
      case "groupMemberApproved":
        return { title: t("group.newMemberTitle", { group: text.group }), message: t("group.memberApprovedMessage", { actor, group: text.group }) };
    }
  })();
  return { title: truncateText(out.title, NOTIFICATION_TITLE_MAX), message: truncateText(out.message, NOTIFICATION_MESSAGE_MAX) };
}

const KINDS = new Set<NotificationText["kind"]>([
  "answer", "vote", "accepted", "suggestedEdit", "follow", "reply", "comment", "directMessage", "groupJoinRequest", "groupJoinApproved", "groupInvitation",
  "groupMemberJoined", "groupMemberApproved",
]);
const isOptionalString = (value: unknown) => value === null || value === undefined || typeof value === "string";

/**
 * A stored params value as a NotificationText, or null (no params: a row from before, or a value
 * this version does not know), in which case the row's stored English title and message stand.
 */
export function parseNotificationText(value: unknown): NotificationText | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (!KINDS.has(v.kind as NotificationText["kind"])) return null;
  if (!isOptionalString(v.actor)) return null;
  for (const key of ["question", "excerpt", "group", "reason"]) if (!isOptionalString(v[key])) return null;
  const needs: Record<NotificationText["kind"], string[]> = {
    answer: ["question"], vote: ["question"], accepted: ["question"], suggestedEdit: ["question"], follow: [],
    reply: ["question", "excerpt"], comment: ["question", "excerpt"], directMessage: ["excerpt"],
    groupJoinRequest: ["group"], groupJoinApproved: ["group"], groupInvitation: ["group"], groupMemberJoined: ["group"], groupMemberApproved: ["group"],
  };
  if (needs[v.kind as NotificationText["kind"]].some((key) => typeof v[key] !== "string")) return null;
  if (v.kind === "answer" && !["member", "aiAssisted", "assistant"].includes(v.by as string)) return null;
  if (v.kind === "suggestedEdit" && (typeof v.approved !== "boolean" || typeof v.onAnswer !== "boolean")) return null;
  return { ...v, actor: (v.actor as string | null | undefined) ?? null } as NotificationText;
}

/** A notification row's text in the reader's language: rendered from its params, else its stored (English) title and message. */
export function localizedNotificationText(
  row: { title: string; message: string; params?: unknown } & NotificationCounts,
  locale: Locale,
): { title: string; message: string } {
  const text = parseNotificationText(row.params);
  if (!text) return { title: row.title, message: row.message };
  return renderNotificationText(text, row, locale);
}

"use client";

import { useFormatter, useTranslations } from "next-intl";

import { FLAG_DETAILS_MAX_LENGTH, FLAG_DETAILS_REQUIRED_MESSAGE, FLAG_DETAILS_TOO_LONG_MESSAGE, FLAG_DUPLICATE_REQUIRED_MESSAGE } from "@/lib/validation/flags";
import { ANSWER_MAX_LENGTH, ANSWER_MIN_LENGTH, ANSWER_REQUIRED_MESSAGE, ANSWER_TOO_LONG_MESSAGE, ANSWER_TOO_SHORT_MESSAGE } from "@/lib/validation/messages/answers";
import {
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_TOO_LONG_MESSAGE,
  MAX_TAGS_PER_QUESTION,
  TAGS_REQUIRED_MESSAGE,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
  TITLE_TOO_LONG_MESSAGE,
  TITLE_TOO_SHORT_MESSAGE,
  TOO_MANY_TAGS_MESSAGE,
} from "@/lib/validation/questions";
import { EDIT_SUMMARY_MAX_LENGTH, EDIT_SUMMARY_TOO_LONG_MESSAGE } from "@/lib/validation/revisions";
import { SUGGESTION_SUMMARY_MAX_LENGTH, SUGGESTION_SUMMARY_REQUIRED_MESSAGE, SUGGESTION_SUMMARY_TOO_LONG_MESSAGE } from "@/lib/validation/suggested-edits";
import { TAG_NAME_CHARACTERS_MESSAGE, TAG_NAME_MAX_LENGTH, TAG_NAME_REQUIRED_MESSAGE, TAG_NAME_TOO_LONG_MESSAGE } from "@/lib/validation/tags";

type FieldMessageKey =
  | "titleTooShort"
  | "titleTooLong"
  | "descriptionTooLong"
  | "tagsRequired"
  | "tooManyTags"
  | "tagNameRequired"
  | "tagNameTooLong"
  | "tagNameCharacters"
  | "answerRequired"
  | "answerTooShort"
  | "answerTooLong"
  | "summaryRequired"
  | "summaryTooLong"
  | "flagDetailsRequired"
  | "flagDetailsTooLong"
  | "duplicateRequired";

/** The shared schemas' messages (in English, as the server answers them too) and their keys and limits. */
const KNOWN: ReadonlyMap<string, [FieldMessageKey, number?]> = new Map([
  [TITLE_TOO_SHORT_MESSAGE, ["titleTooShort", TITLE_MIN_LENGTH]],
  [TITLE_TOO_LONG_MESSAGE, ["titleTooLong", TITLE_MAX_LENGTH]],
  [DESCRIPTION_TOO_LONG_MESSAGE, ["descriptionTooLong", DESCRIPTION_MAX_LENGTH]],
  [TAGS_REQUIRED_MESSAGE, ["tagsRequired"]],
  [TOO_MANY_TAGS_MESSAGE, ["tooManyTags", MAX_TAGS_PER_QUESTION]],
  [TAG_NAME_REQUIRED_MESSAGE, ["tagNameRequired"]],
  [TAG_NAME_TOO_LONG_MESSAGE, ["tagNameTooLong", TAG_NAME_MAX_LENGTH]],
  [TAG_NAME_CHARACTERS_MESSAGE, ["tagNameCharacters"]],
  [ANSWER_REQUIRED_MESSAGE, ["answerRequired"]],
  [ANSWER_TOO_SHORT_MESSAGE, ["answerTooShort", ANSWER_MIN_LENGTH]],
  [ANSWER_TOO_LONG_MESSAGE, ["answerTooLong", ANSWER_MAX_LENGTH]],
  [SUGGESTION_SUMMARY_REQUIRED_MESSAGE, ["summaryRequired"]],
  [SUGGESTION_SUMMARY_TOO_LONG_MESSAGE, ["summaryTooLong", SUGGESTION_SUMMARY_MAX_LENGTH]],
  [EDIT_SUMMARY_TOO_LONG_MESSAGE, ["summaryTooLong", EDIT_SUMMARY_MAX_LENGTH]],
  [FLAG_DETAILS_REQUIRED_MESSAGE, ["flagDetailsRequired"]],
  [FLAG_DETAILS_TOO_LONG_MESSAGE, ["flagDetailsTooLong", FLAG_DETAILS_MAX_LENGTH]],
  [FLAG_DUPLICATE_REQUIRED_MESSAGE, ["duplicateRequired"]],
]);

/**
 * Puts a field's validation message in the member's language: the schemas of lib/validation are
 * shared with the server and speak English; the messages the forms show for them are in
 * messages/<language>/question.json (`fieldMessages`). A message it does not know (a server's
 * refusal) shows as it is.
 */
export function useFieldMessage(): <T extends string | null | undefined>(message: T) => T | string {
  const t = useTranslations("question");
  const format = useFormatter();
  return (message) => {
    const known = message ? KNOWN.get(message) : undefined;
    if (!known) return message;
    const [key, limit] = known;
    return t(`fieldMessages.${key}`, { limit: limit === undefined ? "" : format.number(limit) });
  };
}

// The interface's texts in this language, one JSON file per namespace (docs/I18N.md).
import activity from "./activity.json";
import answer from "./answer.json";
import comments from "./comments.json";
import flags from "./flags.json";
import language from "./language.json";
import question from "./question.json";
import revisions from "./revisions.json";
import suggestedEdits from "./suggestedEdits.json";
import time from "./time.json";

const messages = { activity, answer, comments, flags, language, question, revisions, suggestedEdits, time };
export default messages;

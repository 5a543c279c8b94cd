// The interface's texts in this language, one JSON file per namespace (docs/I18N.md).
import activity from "./activity.json";
import emails from "./emails.json";
import language from "./language.json";
import notificationTexts from "./notificationTexts.json";
import time from "./time.json";

const messages = { activity, emails, language, notificationTexts, time };
export default messages;

// The interface's texts in this language, one JSON file per namespace (docs/I18N.md).
import activity from "./activity.json";
import errors from "./errors.json";
import language from "./language.json";
import time from "./time.json";

const messages = { activity, errors, language, time };
export default messages;

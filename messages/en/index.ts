// The interface's texts in this language, one JSON file per namespace (docs/I18N.md).
import activity from "./activity.json";
import admin from "./admin.json";
import groups from "./groups.json";
import language from "./language.json";
import notifications from "./notifications.json";
import review from "./review.json";
import tags from "./tags.json";
import time from "./time.json";

const messages = { activity, admin, groups, language, notifications, review, tags, time };
export default messages;

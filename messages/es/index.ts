// The interface's texts in this language, one JSON file per namespace (docs/I18N.md).
import activity from "./activity.json";
import language from "./language.json";
import directMessages from "./messages.json";
import profile from "./profile.json";
import settings from "./settings.json";
import time from "./time.json";
import users from "./users.json";

const messages = { activity, language, messages: directMessages, profile, settings, time, users };
export default messages;

// The interface's texts in this language, one JSON file per namespace (docs/I18N.md).
import activity from "./activity.json";
import auth from "./auth.json";
import common from "./common.json";
import errors from "./errors.json";
import home from "./home.json";
import landing from "./landing.json";
import language from "./language.json";
import directMessages from "./messages.json";
import pages from "./pages.json";
import profile from "./profile.json";
import push from "./push.json";
import search from "./search.json";
import settings from "./settings.json";
import shell from "./shell.json";
import time from "./time.json";
import users from "./users.json";

const messages = {
  activity,
  auth,
  common,
  errors,
  home,
  landing,
  language,
  messages: directMessages,
  pages,
  profile,
  push,
  search,
  settings,
  shell,
  time,
  users,
};
export default messages;

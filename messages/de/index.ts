// The interface's texts in this language, one JSON file per namespace (docs/I18N.md).
import activity from "./activity.json";
import admin from "./admin.json";
import answer from "./answer.json";
import askAi from "./askAi.json";
import auth from "./auth.json";
import comments from "./comments.json";
import common from "./common.json";
import emails from "./emails.json";
import errors from "./errors.json";
import flags from "./flags.json";
import groups from "./groups.json";
import home from "./home.json";
import landing from "./landing.json";
import language from "./language.json";
import directMessages from "./messages.json";
import notificationTexts from "./notificationTexts.json";
import notifications from "./notifications.json";
import pages from "./pages.json";
import profile from "./profile.json";
import push from "./push.json";
import question from "./question.json";
import review from "./review.json";
import revisions from "./revisions.json";
import search from "./search.json";
import settings from "./settings.json";
import shell from "./shell.json";
import similar from "./similar.json";
import suggestedEdits from "./suggestedEdits.json";
import tags from "./tags.json";
import time from "./time.json";
import users from "./users.json";
import verification from "./verification.json";

const messages = {
  activity,
  admin,
  answer,
  askAi,
  auth,
  comments,
  common,
  emails,
  errors,
  flags,
  groups,
  home,
  landing,
  language,
  messages: directMessages,
  notificationTexts,
  notifications,
  pages,
  profile,
  push,
  question,
  review,
  revisions,
  search,
  settings,
  shell,
  similar,
  suggestedEdits,
  tags,
  time,
  users,
  verification,
};
export default messages;

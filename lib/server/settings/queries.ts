import "server-only";
import type { Viewer as SessionViewer } from "@/lib/server/auth/session";
import { parseStoredPreferences, type Preferences } from "@/lib/validation/users";

/** The member's preferences (theme, language, questions per page), defaults filled in; the defaults for visitors. */
export function getPreferences(viewer: Pick<SessionViewer, "preferences"> | null): Preferences {
  // The stored preferences come with the session's own read: no query here.
  return parseStoredPreferences(viewer?.preferences ?? null);
}

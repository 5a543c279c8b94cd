import { requireViewer } from "@/lib/server/auth/session";
import { handler, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { updatePreferences } from "@/lib/server/settings/mutations";
import { presentPreferences } from "@/lib/server/settings/presenters";
import { getPreferences } from "@/lib/server/settings/queries";
import { localeCookieHeader } from "@/lib/server/i18n";
import { preferencesSchema } from "@/lib/validation/users";

// GET /api/users/settings/preferences - the member's theme, language and questions per page
export const GET = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  return Response.json(presentPreferences(await getPreferences(viewer)));
});

// PATCH /api/users/settings/preferences - change some preferences; answers all of them
export const PATCH = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const input = preferencesSchema.parse(await readJson(req)); // 400
  authorize(viewer, "user.changeSettings"); // 403
  const saved = await updatePreferences(viewer, input);
  // A new language also goes into the language menu's cookie, so the site keeps it after signing out.
  return Response.json(saved, input.language ? { headers: { "Set-Cookie": localeCookieHeader(input.language, req) } } : undefined);
});

import { getViewer } from "@/lib/server/auth/session";
import { handler, readJson } from "@/lib/server/http";
import { localeCookieHeader } from "@/lib/server/i18n";
import { updatePreferences } from "@/lib/server/settings/mutations";
import { localeSchema } from "@/lib/validation/users";

// POST /api/locale - the language menu (issue 15): { locale } → { locale }, remembered in a cookie
// for everyone and, for a member, saved as their language preference (which wins on every device).
export const POST = handler(async (req) => {
  const { locale } = localeSchema.parse(await readJson(req)); // 400
  const viewer = await getViewer(req);
  // A suspended member may still read Agora in their language: the preference is no public write.
  if (viewer) await updatePreferences(viewer, { language: locale });
  return Response.json({ locale }, { headers: { "Set-Cookie": localeCookieHeader(locale, req) } });
});

// Imported first by a test file: every connection lib/server/db opens from then on has a session
// time zone 14 hours from UTC, so a write that stores now() instead of UTC time shows at once.
const url = new URL(process.env.DATABASE_URL ?? "postgresql://localhost/none");
url.searchParams.set("options", "-c TimeZone=Pacific/Kiritimati");
process.env.DATABASE_URL = url.toString();
(globalThis as { agoraDb?: unknown }).agoraDb = undefined;

export const FAR_TIME_ZONE = "Pacific/Kiritimati";

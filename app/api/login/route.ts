import { handler } from "@/lib/server/http";
import { safeCallbackUrl } from "@/lib/safe-callback";

// GET /api/login - send the browser to the sign-in page, keeping only a same-site callbackUrl
export const GET = handler(async (req) => {
  const params = new URL(req.url).searchParams;
  const target = new URLSearchParams({ callbackUrl: safeCallbackUrl(params.get("callbackUrl")) });
  if (params.get("mode") === "signup") target.set("mode", "signup");
  return new Response(null, { status: 302, headers: { Location: `/login?${target}`, "Cache-Control": "no-store" } });
});

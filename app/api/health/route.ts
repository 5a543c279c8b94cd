// GET /api/health - liveness: the process answers (no database, no secrets)
export function GET(): Response {
  return Response.json({ status: "ok", uptimeSeconds: Math.round(process.uptime()) }, { headers: { "Cache-Control": "no-store" } });
}

export const dynamic = "force-dynamic";

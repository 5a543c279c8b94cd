import { handler } from "@/lib/server/http";
import { getReadiness } from "@/lib/server/health";

// GET /api/health/ready - readiness: database, migrations, AI worker lag; 503 naming the failed check
export const GET = handler(async () => {
  const report = await getReadiness();
  return Response.json(
    { status: report.ready ? "ready" : "not_ready", checks: report.checks },
    { status: report.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
});

export const dynamic = "force-dynamic";

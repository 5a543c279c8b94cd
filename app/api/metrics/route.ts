import { handler } from "@/lib/server/http";
import { metrics } from "@/lib/server/metrics";
import { requireMetricsToken } from "@/lib/server/metrics-auth";

// GET /api/metrics - this instance's Prometheus metrics (Bearer METRICS_TOKEN; 404 while it is unset)
export const GET = handler(async (req) => {
  requireMetricsToken(req); // 404 / 401
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" },
  });
});

export const dynamic = "force-dynamic";

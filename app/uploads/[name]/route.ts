import { readLocalUpload } from "@/lib/server/uploads/storage";
import { UPLOAD_CSP } from "@/lib/security/csp";

// GET /uploads/:name - an image stored on local disk (when Vercel Blob is not configured)
export async function GET(_req: Request, ctx: { params: Promise<{ name: string }> }): Promise<Response> {
  const { name } = await ctx.params;
  const file = await readLocalUpload(name); // only our own random names: no path can be named
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" } });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.mime,
      "Content-Length": String(file.bytes.length),
      "X-Content-Type-Options": "nosniff",
      // Names are random and files never change, so browsers and CDNs may keep them for a year.
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": UPLOAD_CSP,
      "Cross-Origin-Resource-Policy": "same-site",
    },
  });
}

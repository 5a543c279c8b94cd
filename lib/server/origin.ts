import "server-only";
import { forbidden } from "@/lib/server/errors";

/*
 * Cross-site request forgery guard (docs/SECURITY.md): a browser names the page that sent a
 * request in its Origin header, and a page on another site cannot forge it. A state-changing
 * request that carries an Origin must come from Agora itself; one without Origin comes from a
 * non-browser client (curl, a scheduler, a test), which cannot ride on a member's cookies.
 */

/** The 403 message of a state-changing request sent from another site. */
export const CROSS_ORIGIN_MESSAGE = "This request came from another website and was refused. Please use Agora directly.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function hostOf(url: string | undefined): string | null {
  if (!url?.trim()) return null;
  try {
    return new URL(url.trim()).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The hosts (host:port) Agora answers on for this request: the Host and X-Forwarded-Host
 * headers, the request URL's, and APP_URL and NEXTAUTH_URL when configured. A page on another
 * site cannot set these headers on a cross-site request without a CORS preflight Agora never grants.
 */
function ownHosts(req: Request): Set<string> {
  const hosts = new Set<string>();
  for (const name of ["host", "x-forwarded-host"]) {
    for (const value of (req.headers.get(name) ?? "").split(",")) {
      const host = value.trim().toLowerCase();
      if (host) hosts.add(host);
    }
  }
  for (const url of [req.url, process.env.APP_URL, process.env.NEXTAUTH_URL]) {
    const host = hostOf(url);
    if (host) hosts.add(host);
  }
  return hosts;
}

/** Throws 403 when a POST, PUT, PATCH or DELETE carries an Origin (or `Origin: null`) that is not Agora's own. */
export function assertSameOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return;
  const origin = req.headers.get("origin");
  if (origin === null) return;
  const host = origin.trim().toLowerCase() === "null" ? null : hostOf(origin);
  if (!host || !ownHosts(req).has(host)) throw forbidden(CROSS_ORIGIN_MESSAGE);
}

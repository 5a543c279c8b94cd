import "server-only";
import { notFound } from "next/navigation";
import { getViewer, type Viewer } from "@/lib/server/auth/session";

/**
 * The signed-in member for a member-only page (or its metadata), else the 404 screen that
 * visitors get (SPEC section 2). Every page under app/(member) calls it itself: the layout's
 * check does not protect a page, since Next renders a page alongside its layouts (its payload
 * would be streamed into the 404 response) and a client navigation may skip the layout entirely.
 */
export async function requireMemberForPage(): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) notFound();
  return viewer;
}

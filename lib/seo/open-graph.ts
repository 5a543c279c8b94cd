import "server-only";
import type { Metadata } from "next";
import { displayName } from "@/lib/display";
import { markdownToPlainText } from "@/lib/markdown/render";
import { can, type ProfileResource } from "@/lib/server/policy";

/*
 * Open Graph and Twitter card data of pages whose links people share: what a link preview shows
 * is read by crawlers that are visitors, so it carries only what a visitor may see (a public
 * profile's name and bio; a public group's name and description), never private data. Pages a
 * visitor may not see keep the site's defaults from app/layout.tsx.
 */

/** The default Open Graph image (public/og-image.png, made by scripts/make-public-assets.ts). */
export const DEFAULT_OG_IMAGE = { url: "/og-image.png", width: 1200, height: 630, alt: "Agora: community questions, instant AI answers" };

const DESCRIPTION_LENGTH = 200;

type Social = Pick<Metadata, "openGraph" | "twitter">;

/** A profile's link preview, or {} when a visitor may not see the profile (members-only or private). */
export function profileSocialMetadata(
  target: ProfileResource,
  profile: { id: string; firstName: string | null; lastName: string | null; handle?: string | null; bio: string | null },
  siteUrl: string,
): Social {
  if (!can(null, "user.viewProfile", target)) return {};
  // Names only: displayName would fall back to an e-mail address.
  const name = displayName({ firstName: profile.firstName, lastName: profile.lastName, handle: profile.handle ?? null });
  const description = (profile.bio && markdownToPlainText(profile.bio, DESCRIPTION_LENGTH)) || `${name}'s questions and answers on Agora.`;
  return {
    openGraph: { type: "profile", siteName: "Agora", url: `${siteUrl}/users/${profile.id}`, title: name, description, images: [DEFAULT_OG_IMAGE] },
    twitter: { card: "summary_large_image", title: name, description, images: [DEFAULT_OG_IMAGE.url] },
  };
}

/** A group's link preview, or {} for a private group (its name and description are for its members). */
export function groupSocialMetadata(group: { id: number; name: string; description: string | null; isPrivate: boolean }, siteUrl: string): Social {
  if (group.isPrivate) return {};
  const description = (group.description && markdownToPlainText(group.description, DESCRIPTION_LENGTH)) || `${group.name}: a group on Agora.`;
  return {
    openGraph: { type: "website", siteName: "Agora", url: `${siteUrl}/groups/${group.id}`, title: group.name, description, images: [DEFAULT_OG_IMAGE] },
    twitter: { card: "summary_large_image", title: group.name, description, images: [DEFAULT_OG_IMAGE.url] },
  };
}

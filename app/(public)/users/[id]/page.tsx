import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";

import { ProfileUnavailable } from "@/components/profile/profile-unavailable";
import { ProfileView } from "@/components/profile/profile-view";
import { displayName } from "@/lib/display";
import { profileSocialMetadata } from "@/lib/seo/open-graph";
import { getSiteUrl } from "@/lib/seo/site-url";
import { getViewer, type Viewer } from "@/lib/server/auth/session";
import { AppError } from "@/lib/server/errors";
import { listSidebarGroups } from "@/lib/server/groups/queries";
import { can } from "@/lib/server/policy";
import { presentQuestionSummary } from "@/lib/server/questions/presenters";
import { presentProfile } from "@/lib/server/users/presenters";
import { countUserQuestions, getProfile, getProfileTargetOrThrow, listUserQuestions } from "@/lib/server/users/queries";
import { PROFILE_PAGE_SIZE } from "@/lib/validation/users";
import { PageMessages } from "@/components/common/page-messages";

type Props = { params: Promise<{ id: string }> };

// The member's groups offered by the Ask dialog in the header.
const ASK_GROUP_LIMIT = 20;

// generateMetadata and the page share one read per request: the member, or null when unknown.
const loadTarget = cache(async (id: string) => {
  const viewer = await getViewer();
  try {
    const target = await getProfileTargetOrThrow(id);
    return { viewer, target, visible: can(viewer, "user.viewProfile", target) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
});

const loadProfile = cache(async (id: string) => {
  const loaded = await loadTarget(id);
  if (!loaded || !loaded.visible) return null;
  const { row, counts, isFollowing, messaging } = await getProfile(loaded.target, loaded.viewer);
  return presentProfile(row, loaded.viewer, counts, isFollowing, messaging);
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const [loaded, t] = await Promise.all([loadTarget(id), getTranslations("profile.page")]);
  if (!loaded) return { title: t("notFoundTitle"), robots: { index: false } };
  const profile = await loadProfile(id);
  if (!profile) return { title: t("privateTitle"), robots: { index: false } };
  const name = displayName(profile);
  return {
    title: name,
    description: profile.bio ?? t("metaDescription", { name }),
    // Only a profile its owner made public is shown to search engines (they visit signed out).
    robots: { index: loaded.target.profileVisibility === "public" && !loaded.target.deletedAt },
    // The link preview: only for a profile visitors may see (lib/seo/open-graph.ts).
    ...profileSocialMetadata(loaded.target, profile, await getSiteUrl()),
  };
}

async function loadAskGroups(viewer: Viewer | null) {
  if (!viewer) return [];
  const groups = await listSidebarGroups(viewer, ASK_GROUP_LIMIT);
  return groups.filter((group) => group.isMember).map((group) => ({ id: group.id, name: group.name }));
}

/**
 * /users/{id} (SPEC.md section 2): the member's profile with its tabs, or "User Not Found", or
 * a clear state when the owner's privacy setting keeps it from the viewer: "This profile is
 * private", or for visitors "Sign in to see this profile" (members only). Visitors read public
 * profiles (issue 19), with Follow and Ask Question offered as sign-in prompts.
 */
async function UserProfilePageContent({ params }: Props) {
  const { id } = await params;
  const loaded = await loadTarget(id);
  if (!loaded) notFound();
  const { viewer, target, visible } = loaded;
  if (!visible) return <ProfileUnavailable reason={target.profileVisibility === "private" ? "private" : "registered"} returnTo={`/users/${target.id}`} />;

  const [profile, page, total, askGroups] = await Promise.all([
    loadProfile(id),
    listUserQuestions(target.id, viewer, { limit: PROFILE_PAGE_SIZE }),
    countUserQuestions(target.id, viewer),
    loadAskGroups(viewer),
  ]);
  if (!profile) notFound();
  const initialQuestions = { items: page.rows.map((row) => presentQuestionSummary(row, viewer)), nextCursor: page.nextCursor, total };
  return <ProfileView initialProfile={profile} initialQuestions={initialQuestions} askGroups={askGroups} signedIn={viewer !== null} />;
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function UserProfilePage(props: Props) {
  return (
    <PageMessages scope="app/(public)/users/[id]/page.tsx">
      <UserProfilePageContent {...props} />
    </PageMessages>
  );
}

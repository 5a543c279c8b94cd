"use client";

import { ProfileHeader } from "@/components/profile/profile-header";
import { ProfileTabs } from "@/components/profile/profile-tabs";
import type { AskGroupOption } from "@/components/question/ask-question-dialog";
import type { ListPage } from "@/lib/api-client/paging";
import type { QuestionSummary } from "@/lib/api-client/questions";
import { useProfile, type Profile } from "@/lib/api-client/users";
import { displayName } from "@/lib/display";

/**
 * A member's profile page (client island): the header and the tabs, starting from the profile
 * and first page of questions the server rendered; both refresh after edits and follows.
 */
export function ProfileView({
  initialProfile,
  initialQuestions,
  askGroups,
  signedIn = true,
}: {
  initialProfile: Profile;
  initialQuestions?: ListPage<QuestionSummary>;
  askGroups: AskGroupOption[];
  /** False for a visitor: Follow and Ask Question become sign-in prompts. */
  signedIn?: boolean;
}) {
  const { data } = useProfile(initialProfile.id, initialProfile);
  const profile = data ?? initialProfile;
  const name = displayName(profile);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <ProfileHeader profile={profile} askGroups={askGroups} signedIn={signedIn} />
      <ProfileTabs profile={profile} name={name} initialQuestions={initialQuestions} />
    </div>
  );
}

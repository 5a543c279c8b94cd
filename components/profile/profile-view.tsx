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
}: {
  initialProfile: Profile;
  initialQuestions?: ListPage<QuestionSummary>;
  askGroups: AskGroupOption[];
}) {
  const { data } = useProfile(initialProfile.id, initialProfile);
  const profile = data ?? initialProfile;
  const name = displayName(profile);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <ProfileHeader profile={profile} askGroups={askGroups} />
      <ProfileTabs profile={profile} name={name} initialQuestions={initialQuestions} />
    </div>
  );
}

"use client";

import { useState } from "react";
import { Ban, Bot, CalendarDays, Globe, MapPin, Pencil, Plus } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";

import { SignInPrompt } from "@/components/auth/sign-in-prompt";
import { RoleBadge } from "@/components/common/role-badge";
import { UserAvatar } from "@/components/common/user-avatar";
import { EditProfileDialog } from "@/components/profile/edit-profile-dialog";
import { ModerateMenu } from "@/components/profile/moderate-menu";
import { safeHttpUrl, socialUrl, useJoinedLabel, websiteLabel } from "@/components/profile/profile-links";
import { GitHubMark, LinkedInMark, XMark } from "@/components/profile/social-icons";
import { AskQuestionDialog, type AskGroupOption } from "@/components/question/ask-question-dialog";
import { AskQuestionLink } from "@/components/question/ask-question-link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ActivityStatus } from "@/components/users/activity-status";
import { FollowUserButton } from "@/components/users/follow-user-button";
import { BlockMemberButton } from "@/components/messages/block-member-button";
import { MessageMemberButton } from "@/components/messages/message-member-button";
import type { Profile } from "@/lib/api-client/users";
import { displayName } from "@/lib/display";
import { cn } from "@/lib/utils";

const socialSites = [
  { key: "twitter", label: "Twitter", Icon: XMark },
  { key: "linkedin", label: "LinkedIn", Icon: LinkedInMark },
  { key: "github", label: "GitHub", Icon: GitHubMark },
] as const;

function Count({ value, label, className }: { value: number; label: string; className?: string }) {
  const format = useFormatter();
  return (
    <div className={cn("rounded-lg bg-muted/50 px-3 py-2 text-center sm:text-left", className)}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{format.number(value)}</dd>
    </div>
  );
}

/** "Suspended until {date}" with the reason: shown to the member themself and to staff (the server sends it to nobody else). */
function SuspensionNotice({ suspension, own }: { suspension: NonNullable<Profile["suspension"]>; own: boolean }) {
  const t = useTranslations("profile.header");
  const format = useFormatter();
  const until = format.dateTime(new Date(suspension.until), { dateStyle: "long", timeStyle: "short" });
  return (
    <div className="flex gap-2.5 rounded-lg border border-red-300 bg-red-50 px-3 py-2.5 text-sm dark:border-red-900 dark:bg-red-950/40" data-testid="suspension-notice">
      <Ban className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-300" aria-hidden />
      <div className="min-w-0 space-y-0.5">
        <p className="font-semibold text-red-800 dark:text-red-200">{t("suspendedUntil", { date: until })}</p>
        {suspension.reason ? <p className="[overflow-wrap:anywhere] text-foreground/90">{t("suspensionReason", { reason: suspension.reason })}</p> : null}
        {own ? <p className="text-foreground/80">{t("suspendedOwn")}</p> : null}
      </div>
    </div>
  );
}

/**
 * A profile's header (SPEC.md section 2): avatar with its fallback letter, display name, bio, the
 * four counts, city and country, website, "Joined {month year}", social links built from the
 * usernames; Edit Profile on one's own profile, Follow on others', and Ask Question. A visitor
 * (`signedIn` false) is offered both as links to the sign-in page.
 */
export function ProfileHeader({ profile, askGroups, signedIn = true }: { profile: Profile; askGroups: AskGroupOption[]; signedIn?: boolean }) {
  const t = useTranslations("profile.header");
  const joinedLabel = useJoinedLabel();
  const name = displayName(profile);
  const own = profile.viewerCan.edit;
  const [askOpen, setAskOpen] = useState(false);
  const website = safeHttpUrl(profile.website);
  const place = [profile.city, profile.country].filter(Boolean).join(", ");
  const socials = socialSites.flatMap((site) => {
    const username = profile.socialLinks[site.key];
    return username ? [{ ...site, username, href: socialUrl[site.key](username) }] : [];
  });

  return (
    <section aria-labelledby="profile-name" className="rounded-xl border bg-card p-5 text-card-foreground shadow-xs sm:p-6">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <UserAvatar user={profile} className="size-20 text-3xl sm:size-24" />
        <div className="min-w-0 flex-1 space-y-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 id="profile-name" className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight break-words">
                {/* A flex item: without overflow-wrap:anywhere a long unbroken name pushes the page sideways on a phone. */}
                <span className="min-w-0 [overflow-wrap:anywhere]">{name}</span>
                {profile.isAssistant ? (
                  <Badge variant="secondary" className="gap-1">
                    <Bot aria-hidden /> {t("aiAssistant")}
                  </Badge>
                ) : null}
                <RoleBadge author={profile} className="text-xs" />
              </h1>
              {own && profile.email ? <p className="mt-0.5 truncate text-sm text-muted-foreground">{profile.email}</p> : null}
            </div>
            <div className="flex flex-wrap gap-2">
              {own ? (
                <EditProfileDialog
                  profile={profile}
                  trigger={
                    <Button variant="outline" size="sm">
                      <Pencil aria-hidden /> {t("editProfile")}
                    </Button>
                  }
                />
              ) : profile.viewerCan.follow ? (
                <FollowUserButton user={{ id: profile.id, name }} isFollowing={profile.isFollowing} />
              ) : !signedIn && !profile.isAssistant ? (
                <SignInPrompt returnTo={`/users/${profile.id}`} label={t("signInToFollow")} variant="outline" />
              ) : null}
              {/* Issue 15: only when the member accepts messages from the viewer (the server decides: viewerCan.message). */}
              {profile.viewerCan.message ? <MessageMemberButton user={{ id: profile.id, name }} /> : null}
              {profile.viewerCan.block ? <BlockMemberButton user={{ id: profile.id, name }} isBlocked={profile.isBlocked} /> : null}
              <ModerateMenu profile={profile} />
              {signedIn ? (
                <>
                  <AskQuestionLink size="sm" onOpen={() => setAskOpen(true)} icon={<Plus aria-hidden />} />
                  <AskQuestionDialog groups={askGroups} open={askOpen} onOpenChange={setAskOpen} />
                </>
              ) : (
                <SignInPrompt returnTo="/?ask=1" label={t("signInToAsk")} />
              )}
            </div>
          </div>

          {profile.suspension ? <SuspensionNotice suspension={profile.suspension} own={own} /> : null}

          {profile.bio ? <p className="max-w-prose text-sm leading-relaxed whitespace-pre-line text-foreground/90">{profile.bio}</p> : null}

          <dl className={profile.isAssistant ? "grid grid-cols-2 gap-2 sm:grid-cols-4" : "grid grid-cols-2 gap-2 sm:grid-cols-5"}>
            {profile.isAssistant ? null : <Count value={profile.reputation ?? 1} label={t("reputation")} className="col-span-2 sm:col-span-1" />}
            <Count value={profile._count.questions} label={t("questions")} />
            <Count value={profile._count.answers} label={t("answers")} />
            <Count value={profile._count.followers} label={t("followers")} />
            <Count value={profile._count.following} label={t("following")} />
          </dl>

          <ul className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
            {place ? (
              <li className="inline-flex items-center gap-1.5">
                <MapPin className="size-4" aria-hidden />
                {place}
              </li>
            ) : null}
            {website ? (
              <li className="inline-flex min-w-0 items-center gap-1.5">
                <Globe className="size-4 shrink-0" aria-hidden />
                <a href={website} target="_blank" rel="nofollow ugc noopener" className="truncate font-medium text-primary underline-offset-4 hover:underline">
                  {websiteLabel(website)}
                </a>
              </li>
            ) : null}
            <li className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden />
              {joinedLabel(profile.createdAt)}
            </li>
            {profile.lastActiveAt ? (
              <li>
                <ActivityStatus lastActiveAt={profile.lastActiveAt} />
              </li>
            ) : null}
            {socials.map(({ key, label, Icon, username, href }) => (
              <li key={key}>
                <a
                  href={href}
                  target="_blank"
                  rel="nofollow ugc noopener"
                  className="inline-flex items-center gap-1.5 rounded-md font-medium text-foreground/80 underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  aria-label={t("socialLink", { site: label, username })}
                >
                  <Icon className="size-4" />
                  {username}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

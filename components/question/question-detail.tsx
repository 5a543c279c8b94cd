"use client";

import dynamic from "next/dynamic";
import Link from "@/components/common/link";
import { useRouter } from "next/navigation";
import { Eye, LogIn, MessageSquare, UsersRound } from "lucide-react";
import { useTranslations } from "next-intl";

import { AiAnswerLive } from "@/components/answer/ai-answer-live";
import { AnswerList } from "@/components/answer/answer-list";
import { HiddenBanner } from "@/components/flags/hidden-banner";
import { ClosedNotice, LockedNotice } from "@/components/question/question-state-notice";
import { QuestionVoteButtons } from "@/components/answer/vote-buttons";
import { TimeAgo } from "@/components/common/time-ago";
import { AuthorReputation } from "@/components/common/author-reputation";
import { RoleBadge } from "@/components/common/role-badge";
import { UserAvatar } from "@/components/common/user-avatar";
import { ShareMenu } from "@/components/question/share-menu";
import { TagChip } from "@/components/question/tag-chip";
import { Button } from "@/components/ui/button";
import type { QuestionDetail as QuestionDetailData } from "@/lib/api-client/question-cache";
import { useQuestionDetail } from "@/lib/api-client/question-detail";
import { signUpHref } from "@/lib/auth-links";
import { displayName } from "@/lib/display";

// The members' tools load only where they are shown: a visitor's page does not carry the forms,
// their validation (zod, react-hook-form) or the edit dialog. Rendered on the server as usual,
// so a member's page arrives with them and preloads their code; they become interactive a moment
// after the rest of the page. (Importing them into the server page and passing them down does not
// work: Next then sends their code with every render of the route, visitors' included.)
const AnswerForm = dynamic(() => import("@/components/answer/answer-form").then((m) => m.AnswerForm));
const GenerateAiAnswer = dynamic(() => import("@/components/answer/generate-ai-answer").then((m) => m.GenerateAiAnswer));
const OwnerMenu = dynamic(() => import("@/components/question/owner-menu").then((m) => m.OwnerMenu));
const SaveToggle = dynamic(() => import("@/components/question/save-toggle").then((m) => m.SaveToggle));
const SuggestQuestionEdit = dynamic(() => import("@/components/suggested-edits/suggest-question-edit").then((m) => m.SuggestQuestionEdit));
const PendingEditNotice = dynamic(() => import("@/components/suggested-edits/pending-edit-notice").then((m) => m.PendingEditNotice));
const FlagButton = dynamic(() => import("@/components/flags/flag-button").then((m) => m.FlagButton));
const CloseQuestionControl = dynamic(() => import("@/components/question/question-state-actions").then((m) => m.CloseQuestionControl));
const ReopenControl = dynamic(() => import("@/components/question/question-state-actions").then((m) => m.ReopenControl));
const LockControl = dynamic(() => import("@/components/question/question-state-actions").then((m) => m.LockControl));

/** SPEC.md section 9: the question page shows at most 3 tags, then '+N more'. */
export const DETAIL_TAG_LIMIT = 3;

/**
 * The question page below the top bar (SPEC.md section 2): the question, the state of its AI
 * answer, the Generate AI Answer box (members, when the site has an AI provider) or an
 * invitation to sign up (visitors), the answers with their comments, and a member's own answer
 * form. `initialQuestion` is what the server rendered, read at `loadedAt`; `aiAvailable` says
 * whether an AI provider is configured (lib/server/ai/config.ts).
 *
 * The document order is the phone's reading order: the answers come before the member's own
 * tools. From the large breakpoint the Generate AI Answer box moves above the answers (CSS order).
 */
export function QuestionDetail({
  initialQuestion,
  loadedAt,
  isMember,
  aiAvailable,
}: {
  initialQuestion: QuestionDetailData;
  loadedAt: number;
  isMember: boolean;
  aiAvailable: boolean;
}) {
  const t = useTranslations("question");
  const question = useQuestionDetail(initialQuestion, loadedAt);
  // A closed or locked question takes no new answers: its notice stands where the forms were.
  const answerable = !question.closed && !question.locked;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      {question.closed ? (
        <ClosedNotice closed={question.closed} actions={question.viewerCan.close ? <ReopenControl question={question} /> : undefined} />
      ) : null}
      {question.locked ? <LockedNotice lockedAt={question.locked.lockedAt} /> : null}
      <QuestionHeader question={question} isMember={isMember} />
      <AiAnswerLive questionId={question.id} status={question.aiStatus} />
      {isMember || !answerable ? null : <ContributeCard questionId={question.id} aiAvailable={aiAvailable} />}
      <div className="lg:order-2">
        <AnswerList questionId={question.id} answers={question.answers} isMember={isMember} canAccept={question.viewerCan.accept} locked={question.locked !== null} />
      </div>
      {isMember && aiAvailable && answerable ? (
        <div className="lg:order-1">
          <GenerateAiAnswer questionId={question.id} />
        </div>
      ) : null}
      {isMember && answerable ? (
        <div className="lg:order-3">
          <AnswerForm questionId={question.id} />
        </div>
      ) : null}
      {isMember && !answerable ? (
        <p className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground lg:order-3" data-testid="no-answers-note">
          {question.locked ? t("detail.lockedNoAnswers") : t("detail.closedNoAnswers")}
        </p>
      ) : null}
    </div>
  );
}

function QuestionHeader({ question, isMember }: { question: QuestionDetailData; isMember: boolean }) {
  const t = useTranslations("question");
  const router = useRouter();
  const shownTags = question.tags.slice(0, DETAIL_TAG_LIMIT);
  const moreTags = question.tags.slice(DETAIL_TAG_LIMIT);
  const answers = question._count.answers;
  const asked = t.rich("detail.asked", { time: () => <TimeAgo date={question.createdAt} /> });
  const edited = question.editedAt
    ? t.rich("detail.edited", { time: () => <TimeAgo date={question.editedAt!} />, sr: (chunks) => <span className="sr-only">{chunks}</span> })
    : null;

  return (
    <article aria-labelledby="question-title" className="rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-6">
      {question.hidden ? <HiddenBanner what="question" className="mb-4" /> : null}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5 text-sm text-muted-foreground">
        {question.group ? (
          <>
            <Link
              href={`/groups/${question.group.id}`}
              className="inline-flex items-center gap-1 rounded-md bg-primary/10 px-1.5 py-0.5 text-xs font-medium text-accent-foreground outline-none hover:bg-primary/15 focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-primary/20"
            >
              <UsersRound className="size-3" aria-hidden />
              {question.group.name}
            </Link>
            <span aria-hidden>·</span>
          </>
        ) : null}
        <Link
          href={`/users/${question.author.id}`}
          className="inline-flex items-center gap-2 rounded-sm font-medium text-foreground outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <UserAvatar user={question.author} className="size-7 text-xs" decorative />
          {displayName(question.author)}
        </Link>
        <RoleBadge author={question.author} />
        <AuthorReputation author={question.author} />
        <span aria-hidden>·</span>
        <span>
          {asked}
        </span>
        {question.editedAt ? (
          <>
            <span aria-hidden>·</span>
            <Link
              href={`/questions/${question.id}/revisions`}
              className="rounded-sm underline-offset-2 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {edited}
            </Link>
          </>
        ) : null}
      </div>

      <div className="mt-3 flex gap-3 sm:gap-4">
        <QuestionVoteButtons question={question} isMember={isMember} />
        <div className="min-w-0 flex-1">
          <h1 id="question-title" className="text-2xl leading-tight font-bold tracking-tight break-words sm:text-3xl">
            {question.title}
          </h1>

          {question.tags.length > 0 ? (
            <ul className="mt-3 flex flex-wrap items-center gap-1.5" aria-label={t("detail.tags")}>
              {shownTags.map((tag) => (
                <li key={tag.id} className="max-w-full">
                  <TagChip tag={tag} />
                </li>
              ))}
              {moreTags.length > 0 ? (
                <li>
                  <span className="inline-flex items-center rounded-md px-1.5 py-0.5 text-xs font-medium text-muted-foreground" title={moreTags.map((tag) => tag.name).join(", ")}>
                    {t("detail.moreTags", { count: moreTags.length })}
                    <span className="sr-only">: {moreTags.map((tag) => tag.name).join(", ")}</span>
                  </span>
                </li>
              ) : null}
            </ul>
          ) : null}

          {question.descriptionHtml ? (
            <div className="prose-agora mt-5 break-words" dangerouslySetInnerHTML={{ __html: question.descriptionHtml }} />
          ) : null}
        </div>
      </div>

      <div className="mt-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t pt-4">
        <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <div>
            <dt className="sr-only">{t("detail.answersTerm")}</dt>
            <dd className="inline-flex items-center gap-1.5">
              <MessageSquare className="size-4" aria-hidden />
              {t("detail.answers", { count: answers })}
            </dd>
          </div>
          <div>
            <dt className="sr-only">{t("detail.viewsTerm")}</dt>
            <dd className="inline-flex items-center gap-1.5">
              <Eye className="size-4" aria-hidden />
              {t("detail.views", { count: question.viewCount })}
            </dd>
          </div>
        </dl>
        <div className="-mr-2 flex flex-wrap items-center gap-1">
          <ShareMenu question={question} />
          {question.viewerCan.save ? <SaveToggle question={question} initialSaved={question.saved} /> : null}
          {question.viewerCan.edit || question.viewerCan.delete ? (
            <OwnerMenu
              question={{ id: question.id, title: question.title, description: question.description, tags: question.tags }}
              viewerCan={question.viewerCan}
              onDeleted={() => router.replace("/")}
            />
          ) : null}
          {question.viewerCan.suggestEdit && !question.pendingEdit ? <SuggestQuestionEdit question={question} /> : null}
          {question.canFlag ? <FlagButton targetType="question" targetId={question.id} /> : null}
        </div>
      </div>
      {(question.viewerCan.close && !question.closed) || question.viewerCan.lock ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 border-t pt-3" role="group" aria-label={t("detail.moderation")}>
          {question.viewerCan.close && !question.closed ? <CloseQuestionControl question={question} /> : null}
          {question.viewerCan.lock ? <LockControl question={question} /> : null}
        </div>
      ) : null}
      {question.pendingEdit ? <PendingEditNotice pending={question.pendingEdit} questionId={question.id} what="question" /> : null}
    </article>
  );
}

/**
 * What visitors see instead of the Generate AI Answer box (SPEC.md section 2): Sign Up Free opens
 * the Create account tab and comes back to this question afterwards.
 */
function ContributeCard({ questionId, aiAvailable }: { questionId: number; aiAvailable: boolean }) {
  const t = useTranslations("question");
  return (
    <section
      aria-labelledby="contribute-heading"
      className="flex flex-col items-start gap-4 rounded-xl border bg-gradient-to-br from-primary/[0.06] to-transparent p-5 shadow-xs sm:flex-row sm:items-center sm:justify-between sm:p-6 dark:from-primary/[0.12]"
    >
      <div>
        <h2 id="contribute-heading" className="text-lg font-semibold tracking-tight">
          {t("contribute.title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {aiAvailable ? t("contribute.textAi") : t("contribute.text")}
        </p>
      </div>
      <Button asChild className="shrink-0">
        {/* A full-page navigation (SPEC.md section 2), not a client-side route change. */}
        <a href={signUpHref(`/questions/${questionId}`)}>
          <LogIn aria-hidden /> {t("contribute.signUp")}
        </a>
      </Button>
    </section>
  );
}

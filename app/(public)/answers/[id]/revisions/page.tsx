import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ArrowLeft } from "lucide-react";
import { getTranslations } from "next-intl/server";

import Link from "@/components/common/link";
import { RevisionHistory } from "@/components/revisions/revision-history";
import { getAnswer, getQuestionToAnswerOrThrow } from "@/lib/server/answers/queries";
import { getViewer } from "@/lib/server/auth/session";
import { parseId } from "@/lib/server/ids";
import { can } from "@/lib/server/policy";
import { presentAnswerRevision } from "@/lib/server/revisions/presenters";
import { listAnswerRevisions } from "@/lib/server/revisions/queries";
import { PageMessages } from "@/components/common/page-messages";

type Props = { params: Promise<{ id: string }> };

// generateMetadata and the page share one read per request.
const load = cache(async (rawId: string) => {
  const id = parseId(rawId);
  if (id === null) return null;
  const viewer = await getViewer();
  const answer = await getAnswer(id, viewer); // null when missing or its question is hidden from the viewer
  if (!answer) return null;
  const question = await getQuestionToAnswerOrThrow(answer.questionId, viewer);
  const revisions = (await listAnswerRevisions(answer.id)).map((r) => presentAnswerRevision(r, viewer?.id ?? null));
  return { answer, question, revisions, canRollback: can(viewer, "answer.rollback", answer) };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await load((await params).id);
  if (!loaded) notFound();
  const t = await getTranslations("revisions");
  return { title: t("page.answerMetaTitle", { title: loaded.question.title }), robots: { index: false, follow: true } };
}

/** /answers/{id}/revisions: every version of an answer against the one before, for whoever may see the answer. */
async function AnswerRevisionsPageContent({ params }: Props) {
  const loaded = await load((await params).id);
  if (!loaded) notFound();
  const { answer, question, revisions, canRollback } = loaded;
  const t = await getTranslations("revisions");
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <Link href={`/questions/${question.id}#answer-${answer.id}`} className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> {t("page.backToAnswer")}
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight break-words">{t("page.answerTitle")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {t("page.answerSubtitle", { title: question.title, count: revisions.length })}
        </p>
      </div>
      <RevisionHistory kind="answers" postId={answer.id} revisions={revisions} canRollback={canRollback} />
    </div>
  );
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function AnswerRevisionsPage(props: Props) {
  return (
    <PageMessages scope="app/(public)/answers/[id]/revisions/page.tsx">
      <AnswerRevisionsPageContent {...props} />
    </PageMessages>
  );
}

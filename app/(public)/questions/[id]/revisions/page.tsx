import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ArrowLeft } from "lucide-react";
import { getTranslations } from "next-intl/server";

import Link from "@/components/common/link";
import { RevisionHistory } from "@/components/revisions/revision-history";
import { getViewer } from "@/lib/server/auth/session";
import { parseId } from "@/lib/server/ids";
import { can } from "@/lib/server/policy";
import { getQuestion } from "@/lib/server/questions/queries";
import { presentQuestionRevision } from "@/lib/server/revisions/presenters";
import { listQuestionRevisions } from "@/lib/server/revisions/queries";
import { PageMessages } from "@/components/common/page-messages";

type Props = { params: Promise<{ id: string }> };

// generateMetadata and the page share one read per request.
const load = cache(async (rawId: string) => {
  const id = parseId(rawId);
  if (id === null) return null;
  const viewer = await getViewer();
  const question = await getQuestion(id, viewer); // null when missing or in a private group the viewer is outside of
  if (!question) return null;
  const revisions = (await listQuestionRevisions(question.id)).map((r) => presentQuestionRevision(r, viewer?.id ?? null));
  return { question, revisions, canRollback: can(viewer, "question.rollback", question) };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await load((await params).id);
  if (!loaded) notFound();
  const t = await getTranslations("revisions");
  const title = loaded.revisions[0]?.title;
  return { title: title === undefined ? t("page.questionTitleFallback") : t("page.questionTitle", { title }), robots: { index: false, follow: true } };
}

/** /questions/{id}/revisions: every version of a question against the one before, for whoever may see the question. */
async function QuestionRevisionsPageContent({ params }: Props) {
  const loaded = await load((await params).id);
  if (!loaded) notFound();
  const { question, revisions, canRollback } = loaded;
  const t = await getTranslations("revisions");
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <Link href={`/questions/${question.id}`} className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> {t("page.backToQuestion")}
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight break-words">{t("page.questionTitle", { title: revisions[0]?.title ?? "" })}</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {t("page.count", { count: revisions.length })}
        </p>
      </div>
      <RevisionHistory kind="questions" postId={question.id} revisions={revisions} canRollback={canRollback} />
    </div>
  );
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function QuestionRevisionsPage(props: Props) {
  return (
    <PageMessages scope="app/(public)/questions/[id]/revisions/page.tsx">
      <QuestionRevisionsPageContent {...props} />
    </PageMessages>
  );
}

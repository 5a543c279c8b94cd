import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getTranslations } from "next-intl/server";

import { QuestionDetail } from "@/components/question/question-detail";
import { RelatedQuestions } from "@/components/question/related-questions";
import { markdownToPlainText } from "@/lib/markdown/render";
import { buildQuestionJsonLd, indexableForAiOnly, serializeJsonLd } from "@/lib/seo/question-jsonld";
import { getSiteUrl } from "@/lib/seo/site-url";
import { DEFAULT_OG_IMAGE } from "@/lib/seo/open-graph";
import { NONCE_HEADER } from "@/lib/security/csp";
import { isAiConfigured } from "@/lib/server/ai/config";
import { getViewer } from "@/lib/server/auth/session";
import { parseId } from "@/lib/server/ids";
import { presentQuestionDetail } from "@/lib/server/questions/presenters";
import { getQuestionDetail } from "@/lib/server/questions/queries";
import { recordQuestionView } from "@/lib/server/questions/views";
import { PageMessages } from "@/components/common/page-messages";
import { presentSimilarQuestion } from "@/lib/server/similar/presenters";
import { findRelatedQuestions } from "@/lib/server/similar/related";

type Props = { params: Promise<{ id: string }> };

/** Longest meta description (what search results show). */
const META_DESCRIPTION_LENGTH = 160;

// generateMetadata and the page share one read per request.
const loadQuestion = cache(async (rawId: string) => {
  const id = parseId(rawId);
  if (id === null) return null;
  const viewer = await getViewer();
  const row = await getQuestionDetail(id, viewer); // null when missing or in a private group the viewer is outside of
  return row ? { viewer, row, loadedAt: Date.now() } : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await loadQuestion((await params).id);
  if (!loaded) notFound();
  const { row } = loaded;
  const t = await getTranslations("question");
  const base = await getSiteUrl();
  const url = `${base}/questions/${row.id}`;
  const description =
    markdownToPlainText(row.description, META_DESCRIPTION_LENGTH) ||
    markdownToPlainText(t("metadata.description", { title: row.title, count: row.answerCount }), META_DESCRIPTION_LENGTH);
  const tags = row.tags.map(({ tag }) => tag.name);

  return {
    title: row.title,
    description,
    keywords: tags,
    alternates: { canonical: url },
    // A private group's question is only ever seen by its members; keep it out of search engines regardless.
    ...(row.group?.isPrivate ? { robots: { index: false, follow: false } } : {}),
    // AGORA_INDEX_AI_ONLY=off: a question answered only by unverified AI answers stays out of the index (links are followed).
    ...(!row.group?.isPrivate && !indexableForAiOnly(row.answers) ? { robots: { index: false, follow: true } } : {}),
    openGraph: {
      type: "article",
      siteName: "Agora",
      url,
      title: row.title,
      description,
      publishedTime: row.createdAt.toISOString(),
      modifiedTime: row.updatedAt.toISOString(),
      tags,
      images: [DEFAULT_OG_IMAGE],
    },
    twitter: { card: "summary_large_image", title: row.title, description, images: [DEFAULT_OG_IMAGE.url] },
  };
}

/**
 * /questions/{id} (SPEC.md section 2), rendered on the server for visitors and members alike, so
 * search engines read the question, its answers and its QAPage structured data without scripts.
 * Counts the view (once an hour per viewer, never the author's).
 */
async function QuestionPageContent({ params }: Props) {
  const loaded = await loadQuestion((await params).id);
  if (!loaded) notFound();
  const { viewer, row, loadedAt } = loaded;

  // Related questions: the same similarity as the Ask dialog's (re-ranked with the question's stored
  // embedding under AI_EMBEDDING_MODEL), kept between views; this viewer's visible ones only.
  const [viewCount, related] = await Promise.all([recordQuestionView(row, viewer, await headers()), findRelatedQuestions(viewer, row)]);
  const question = presentQuestionDetail({ ...row, viewCount }, viewer);
  // Data blocks do not run, but a strict CSP reports any inline script without the request's nonce.
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  const jsonLd = serializeJsonLd(buildQuestionJsonLd(question, await getSiteUrl()));

  return (
    <>
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <QuestionDetail initialQuestion={question} loadedAt={loadedAt} isMember={viewer !== null} aiAvailable={isAiConfigured()} />
      <RelatedQuestions questions={related.map(presentSimilarQuestion)} />
    </>
  );
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function QuestionPage(props: Props) {
  return (
    <PageMessages scope="app/(public)/questions/[id]/page.tsx">
      <QuestionPageContent {...props} />
    </PageMessages>
  );
}

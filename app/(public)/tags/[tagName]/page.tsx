import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";

import { TagHeader } from "@/components/tags/tag-header";
import { TagQuestions } from "@/components/tags/tag-questions";
import { parseTagSort } from "@/components/tags/tag-sort";
import { TAG_QUESTION_PAGE_SIZE } from "@/lib/api-client/paging";
import { getViewer } from "@/lib/server/auth/session";
import { AppError } from "@/lib/server/errors";
import { presentQuestionSummary } from "@/lib/server/questions/presenters";
import { countQuestions, listQuestions } from "@/lib/server/questions/queries";
import { presentTag, presentTagStats } from "@/lib/server/tags/presenters";
import { getTagByNameOrThrow, isFollowingTag } from "@/lib/server/tags/queries";
import { PageMessages } from "@/components/common/page-messages";

type Props = {
  params: Promise<{ tagName: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The tag name of the path (a still percent-encoded one decoded once). */
function tagNameOf(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

// generateMetadata and the page share one read per request.
const loadTag = cache(async (rawName: string) => {
  const viewer = await getViewer();
  try {
    return { viewer, tag: await getTagByNameOrThrow(tagNameOf(rawName), viewer) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await loadTag((await params).tagName);
  if (!loaded) notFound();
  const { tag } = loaded;
  const t = await getTranslations("tags.metadata");
  return {
    title: t("tagTitle", { name: tag.name }),
    description: t("tagDescription", { name: tag.name, count: tag.questionCount }),
    keywords: [tag.name, ...t("tagKeywords", { name: tag.name }).split(",")],
    alternates: { canonical: `/tags/${encodeURIComponent(tag.name)}` },
  };
}

/**
 * /tags/{tagName} (SPEC.md section 2): the tag's badge, Follow for members, its counts and its
 * questions in the order of ?sort= (newest, active, votes). An unknown tag is a 404 with
 * "Tag Not Found".
 */
async function TagPageContent({ params, searchParams }: Props) {
  const loaded = await loadTag((await params).tagName);
  if (!loaded) notFound();
  const { viewer, tag } = loaded;
  const sort = parseTagSort((await searchParams).sort);
  const filters = { tagId: tag.id, sort: sort === "active" ? ("activity" as const) : sort };
  const [page, total, isFollowing] = await Promise.all([
    listQuestions(viewer, { ...filters, limit: TAG_QUESTION_PAGE_SIZE }),
    countQuestions(viewer, filters),
    isFollowingTag(viewer, tag.id),
  ]);
  const presented = presentTag(tag);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <TagHeader tag={presented} stats={presentTagStats(tag)} signedIn={viewer !== null} initialIsFollowing={isFollowing} />
      <TagQuestions
        tag={presented}
        initialSort={sort}
        initialPage={{ items: page.rows.map((row) => presentQuestionSummary(row, viewer)), nextCursor: page.nextCursor, total }}
      />
    </div>
  );
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function TagPage(props: Props) {
  return (
    <PageMessages scope="app/(public)/tags/[tagName]/page.tsx">
      <TagPageContent {...props} />
    </PageMessages>
  );
}

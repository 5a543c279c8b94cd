import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";

import { CategoryHeader } from "@/components/categories/category-header";
import { CategoryQuestions } from "@/components/categories/category-questions";
import { CategoryTags } from "@/components/categories/category-tags";
import { CATEGORY_QUESTION_PAGE_SIZE } from "@/lib/api-client/paging";
import { getViewer } from "@/lib/server/auth/session";
import { presentCategoryDetail } from "@/lib/server/categories/presenters";
import { getCategory } from "@/lib/server/categories/queries";
import { parseId } from "@/lib/server/ids";
import { presentQuestionSummary } from "@/lib/server/questions/presenters";
import { countQuestions, listQuestions } from "@/lib/server/questions/queries";
import { listCategoryTags } from "@/lib/server/tags/queries";
import { PageMessages } from "@/components/common/page-messages";

type Props = { params: Promise<{ id: string }> };

// generateMetadata and the page share one read per request.
const loadCategory = cache(async (rawId: string) => {
  const id = parseId(rawId);
  if (id === null) return null;
  const viewer = await getViewer();
  const row = await getCategory(id, viewer);
  if (!row) return null;
  return { viewer, category: presentCategoryDetail(row, await listCategoryTags(row.id, viewer)) };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await loadCategory((await params).id);
  if (!loaded) notFound();
  const { category } = loaded;
  const tagNames = category.tags.map((tag) => tag.name);
  const about = category.description ? ` ${category.description}` : "";
  const t = await getTranslations("tags.metadata");
  const listed = tagNames.slice(0, 6).join(", ");
  const tagged = tagNames.length === 0 ? "" : tagNames.length > 6 ? t("categoryTaggedMore", { tags: listed }) : t("categoryTagged", { tags: listed });
  const [categoryWord, ...restKeywords] = t("categoryKeywords").split(",");
  return {
    title: t("categoryTitle", { name: category.name }),
    description: t("categoryDescription", { name: category.name, about, tagged }).slice(0, 300),
    keywords: [category.name, categoryWord ?? "", ...tagNames.slice(0, 8), ...restKeywords],
    alternates: { canonical: `/categories/${category.id}` },
  };
}

/**
 * /categories/{id}: a category's header (Follow for members), its tags and its newest questions
 * that the viewer may see (private groups and posts hidden pending review filtered in SQL by
 * the questions queries). An unknown or malformed id is a 404 with "Category Not Found".
 */
async function CategoryPageContent({ params }: Props) {
  const loaded = await loadCategory((await params).id);
  if (!loaded) notFound();
  const { viewer, category } = loaded;
  const filters = { categoryId: category.id, sort: "newest" as const };
  const [page, total] = await Promise.all([listQuestions(viewer, { ...filters, limit: CATEGORY_QUESTION_PAGE_SIZE }), countQuestions(viewer, filters)]);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <CategoryHeader initialCategory={category} questionCount={total} signedIn={viewer !== null} />
      <CategoryTags tags={category.tags} />
      <CategoryQuestions
        category={category}
        initialPage={{ items: page.rows.map((row) => presentQuestionSummary(row, viewer)), nextCursor: page.nextCursor, total }}
      />
    </div>
  );
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function CategoryPage(props: Props) {
  return (
    <PageMessages scope="app/(public)/categories/[id]/page.tsx">
      <CategoryPageContent {...props} />
    </PageMessages>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { TagDirectory } from "@/components/tags/tag-directory";
import { TAG_PAGE_SIZE } from "@/lib/api-client/paging";
import { getViewer } from "@/lib/server/auth/session";
import { listCategories } from "@/lib/server/categories/queries";
import { presentTag } from "@/lib/server/tags/presenters";
import { countTags, isFollowingTag, listTags } from "@/lib/server/tags/queries";
import { tagListQuerySchema } from "@/lib/validation/tags";
import { PageMessages } from "@/components/common/page-messages";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("tags.metadata");
  return {
    title: t("directoryTitle"),
    description: t("directoryDescription"),
    keywords: t("directoryKeywords").split(","),
    alternates: { canonical: "/tags" },
  };
}

/** The ?search= of the address, as GET /api/tags reads it (trimmed, lower-cased; empty or invalid means none). */
function searchOf(params: Record<string, string | string[] | undefined>): string {
  const raw = Array.isArray(params.search) ? params.search[0] : params.search;
  const parsed = tagListQuerySchema.safeParse({ search: raw ?? undefined });
  return parsed.success ? (parsed.data.search ?? "") : "";
}

/** /tags "Explore Tags" (SPEC.md section 2), grouped by category, for visitors and members; members also see Follow. */
async function TagsPageContent({ searchParams }: Props) {
  const viewer = await getViewer();
  const search = searchOf(await searchParams);
  const [page, total, categories] = await Promise.all([
    listTags(viewer, { search: search || undefined, limit: TAG_PAGE_SIZE }),
    countTags({ search: search || undefined }),
    listCategories(null), // names and colours only: the viewer's follow state is the category page's
  ]);
  const following = viewer ? await Promise.all(page.rows.map((tag) => isFollowingTag(viewer, tag.id))) : [];
  const initialFollowing = Object.fromEntries(page.rows.map((tag, i) => [tag.id, following[i] ?? false]));

  return (
    <div className="mx-auto max-w-6xl">
      <TagDirectory
        initialSearch={search}
        initialPage={{ items: page.rows.map(presentTag), nextCursor: page.nextCursor, total }}
        initialFollowing={viewer ? initialFollowing : {}}
        signedIn={viewer !== null}
        categories={categories.map(({ id, name, color, description }) => ({ id, name, color, description }))}
      />
    </div>
  );
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function TagsPage(props: Props) {
  return (
    <PageMessages scope="app/(public)/tags/page.tsx">
      <TagsPageContent {...props} />
    </PageMessages>
  );
}

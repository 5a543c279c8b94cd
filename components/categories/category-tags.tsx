import Link from "@/components/common/link";
import { Tags } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";

import { EmptyState } from "@/components/common/list-states";
import { TagBadge } from "@/components/tags/tag-badge";
import type { Tag } from "@/lib/api-client/tags";

/** A category page's tags, most questions first, each linking to its tag page with its question count. */
export function CategoryTags({ tags }: { tags: Tag[] }) {
  const t = useTranslations("tags.category");
  const format = useFormatter();
  return (
    <section aria-labelledby="category-tags-title" className="space-y-3">
      <h2 id="category-tags-title" className="text-lg font-semibold tracking-tight">
        {t("tags")}
      </h2>
      {tags.length === 0 ? (
        <EmptyState icon={Tags}>{t("noTags")}</EmptyState>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t("tagsList")}>
          {tags.map((tag) => (
            <li key={tag.id}>
              <Link
                href={`/tags/${encodeURIComponent(tag.name)}`}
                className="inline-flex max-w-full items-center gap-2 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <TagBadge tag={tag} />
                <span className="text-sm text-muted-foreground">
                  {format.number(tag._count.questions)}
                  <span className="sr-only"> {t("questionsSr", { count: tag._count.questions })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

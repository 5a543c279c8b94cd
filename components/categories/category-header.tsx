"use client";

import { Layers, MessageSquare, Tags, Users } from "lucide-react";
import { useTranslations } from "next-intl";

import { SignInPrompt } from "@/components/auth/sign-in-prompt";
import { CategoryFollowButton } from "@/components/categories/category-follow-button";
import { tagTintStyle } from "@/components/tags/tag-badge";
import { useCategory, type CategoryDetail } from "@/lib/api-client/categories";

/**
 * The head of a category page: its name in its colour as the page title, its description, the
 * tag, question and follower counts (kept current after following), and Follow for members
 * ("Sign in to follow" for visitors, docs/DECISIONS.md).
 */
export function CategoryHeader({
  initialCategory,
  questionCount,
  signedIn,
}: {
  initialCategory: CategoryDetail;
  questionCount: number;
  signedIn: boolean;
}) {
  const t = useTranslations("tags");
  const { data: category = initialCategory } = useCategory(initialCategory.id, { initialData: initialCategory });
  return (
    <header className="rounded-xl border bg-card p-5 shadow-xs sm:p-6">
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:justify-between">
        <div className="min-w-0 flex-1 space-y-3">
          <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
            <Layers className="size-3.5" aria-hidden /> {t("category.label")}
          </p>
          <h1 className="min-w-0">
            <span
              className="inline-flex max-w-full items-center gap-2.5 rounded-md border px-3 py-1.5 text-xl font-bold tracking-tight text-foreground sm:text-2xl"
              style={tagTintStyle(category.color)}
            >
              <span aria-hidden className="size-3 shrink-0 rounded-full" style={{ backgroundColor: category.color }} />
              <span className="break-words">{category.name}</span>
            </span>
          </h1>
          {category.description ? <p className="max-w-2xl text-muted-foreground">{category.description}</p> : null}
          <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
            <div>
              <dt className="sr-only">{t("common.tags")}</dt>
              <dd className="flex items-center gap-1.5">
                <Tags className="size-4" aria-hidden />
                {t("common.tagCount", { count: category._count.tags })}
              </dd>
            </div>
            <div>
              <dt className="sr-only">{t("common.questions")}</dt>
              <dd className="flex items-center gap-1.5">
                <MessageSquare className="size-4" aria-hidden />
                {t("common.questionCount", { count: questionCount })}
              </dd>
            </div>
            <div>
              <dt className="sr-only">{t("common.followers")}</dt>
              <dd className="flex items-center gap-1.5">
                <Users className="size-4" aria-hidden />
                {t("common.followerCount", { count: category._count.followers })}
              </dd>
            </div>
          </dl>
        </div>
        {signedIn ? (
          <CategoryFollowButton initialCategory={initialCategory} />
        ) : (
          <SignInPrompt returnTo={`/categories/${category.id}`} label={t("category.signInToFollow")} variant="outline" size="default" />
        )}
      </div>
    </header>
  );
}

"use client";

import { Check, Loader2, Plus } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { useCategory, useCategoryFollow, type CategoryDetail } from "@/lib/api-client/categories";
import { cn } from "@/lib/utils";

/**
 * Follow / Unfollow a category, for signed-in members only (the page renders nothing for
 * visitors). The state is the category's detail query, seeded with what the page rendered.
 */
export function CategoryFollowButton({ initialCategory, className }: { initialCategory: CategoryDetail; className?: string }) {
  const { data: category = initialCategory } = useCategory(initialCategory.id, { initialData: initialCategory });
  const t = useTranslations("tags.common");
  const follow = useCategoryFollow();
  const pending = follow.isPending;

  return (
    <Button
      type="button"
      variant={category.isFollowing ? "secondary" : "default"}
      disabled={pending}
      aria-pressed={category.isFollowing}
      onClick={() => follow.mutate({ category, follow: !category.isFollowing })}
      className={cn("min-w-28", className)}
    >
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : category.isFollowing ? <Check aria-hidden /> : <Plus aria-hidden />}
      {category.isFollowing ? t("unfollow") : t("follow")}
      <span className="sr-only"> {category.name}</span>
    </Button>
  );
}

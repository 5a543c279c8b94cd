import type { TagQuestionSort } from "@/lib/api-client/keys";

/** The tag page's orders (SPEC.md: Newest, Active, Most Votes), as ?sort= names them; their labels are tags.questions.<value>. */
export const tagSorts: readonly TagQuestionSort[] = ["newest", "active", "votes"];

/** A ?sort= value as a tag page order; anything unknown is Newest. */
export function parseTagSort(value: string | string[] | null | undefined): TagQuestionSort {
  const v = Array.isArray(value) ? value[0] : value;
  return v === "active" || v === "votes" ? v : "newest";
}

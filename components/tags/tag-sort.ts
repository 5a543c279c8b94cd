import type { TagQuestionSort } from "@/lib/api-client/keys";

/** The tag page's orders (SPEC.md: Newest, Active, Most Votes), as ?sort= names them. */
export const tagSortLabels: { value: TagQuestionSort; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "active", label: "Active" },
  { value: "votes", label: "Most Votes" },
];

/** A ?sort= value as a tag page order; anything unknown is Newest. */
export function parseTagSort(value: string | string[] | null | undefined): TagQuestionSort {
  const v = Array.isArray(value) ? value[0] : value;
  return v === "active" || v === "votes" ? v : "newest";
}

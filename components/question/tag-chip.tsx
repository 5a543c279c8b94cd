import Link from "@/components/common/link";

import { cn } from "@/lib/utils";

export interface TagChipTag {
  name: string;
  color: string;
}

/** A tag linking to its page: the tag's colour as a dot, the name in readable text. */
export function TagChip({ tag, className }: { tag: TagChipTag; className?: string }) {
  return (
    <Link
      href={`/tags/${encodeURIComponent(tag.name)}`}
      className={cn(
        "relative z-10 inline-flex max-w-full items-center gap-1.5 rounded-md border bg-secondary/60 px-2 py-0.5 text-xs font-medium text-secondary-foreground outline-none transition-colors hover:bg-secondary focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
    >
      <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ backgroundColor: tag.color }} />
      <span className="truncate">{tag.name}</span>
    </Link>
  );
}

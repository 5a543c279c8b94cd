import { Lock } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { displayName } from "@/lib/display";
import type { Group } from "@/lib/api-client/groups";
import { cn } from "@/lib/utils";

// Banners for groups without a header image: one of a few calm gradients, chosen by id.
const BANNERS = [
  "from-indigo-500/80 via-violet-500/70 to-fuchsia-400/60",
  "from-sky-500/80 via-indigo-500/70 to-violet-400/60",
  "from-emerald-500/75 via-teal-500/65 to-sky-400/60",
  "from-amber-400/80 via-orange-400/70 to-rose-400/60",
  "from-rose-500/75 via-fuchsia-500/65 to-indigo-400/60",
];

/** A group's header image, or a gradient banner when it has none (decorative either way). */
export function GroupBanner({ group, className }: { group: Pick<Group, "id" | "headerImageUrl">; className?: string }) {
  return (
    <div className={cn("relative overflow-hidden bg-gradient-to-br", BANNERS[group.id % BANNERS.length], className)} aria-hidden>
      {group.headerImageUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- member-supplied URLs on any host
        <img src={group.headerImageUrl} alt="" className="absolute inset-0 size-full object-cover" loading="lazy" />
      ) : null}
    </div>
  );
}

/** A group's profile image, or its first letter on a tinted square. */
export function GroupAvatar({ group, className }: { group: Pick<Group, "name" | "profileImageUrl">; className?: string }) {
  return (
    <span
      className={cn(
        "flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-primary/10 font-semibold text-primary ring-4 ring-card dark:bg-primary/20",
        className,
      )}
      aria-hidden
    >
      {group.profileImageUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- member-supplied URLs on any host
        <img src={group.profileImageUrl} alt="" className="size-full bg-card object-cover" loading="lazy" />
      ) : (
        (group.name.trim()[0] ?? "?").toUpperCase()
      )}
    </span>
  );
}

/** The "Private" badge of a private group. */
export function PrivateBadge({ className }: { className?: string }) {
  return (
    <Badge variant="secondary" className={cn("gap-1", className)}>
      <Lock aria-hidden /> Private
    </Badge>
  );
}

/** A creation date as "Mar 5, 2026", the same on the server and in every browser. */
export function formatGroupDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}

/** "1 member" / "12 members", "1 post" / "3 posts"... */
export function countLabel(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/** The creator's name as a card shows it. */
export function creatorName(group: Pick<Group, "creator">): string {
  return displayName(group.creator);
}

import { Lock } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";

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
  const t = useTranslations("groups.common");
  return (
    <Badge variant="secondary" className={cn("gap-1", className)}>
      <Lock aria-hidden /> {t("private")}
    </Badge>
  );
}

/** A creation date as "Mar 5, 2026" (in the reader's language), the same on the server and in every browser (one time zone). */
const GROUP_DATE_FORMAT = { month: "short", day: "numeric", year: "numeric" } as const;
export function GroupDate({ iso }: { iso: string }) {
  const format = useFormatter();
  return <time dateTime={iso}>{format.dateTime(new Date(iso), GROUP_DATE_FORMAT)}</time>;
}

/** The creator's name as a card shows it. */
export function creatorName(group: Pick<Group, "creator">): string {
  return displayName(group.creator);
}

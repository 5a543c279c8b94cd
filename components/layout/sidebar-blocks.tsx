import Link from "@/components/common/link";
import { Lock, MessageSquare, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";

import { Skeleton } from "@/components/ui/skeleton";
import { getViewer } from "@/lib/server/auth/session";
import { listSidebarGroupsOfRequest, SIDEBAR_GROUPS_READ } from "@/lib/server/groups/queries";
import { listPublicTrendingQuestions, listTrendingQuestions } from "@/lib/server/questions/queries";
import { listPopularTags } from "@/lib/server/tags/queries";

/** SPEC.md section 9: the side bar lists 5 groups, 8 tags and 3 trending questions. */
export const SIDEBAR_LIMITS = { groups: 5, tags: 8, trending: 3 } as const;

function Block({ title, id, action, children }: { title: string; id: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <div className="flex items-center justify-between px-3">
        <h2 id={id} className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function MoreLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="mx-3 inline-block rounded-sm text-xs font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {children}
    </Link>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="px-3 text-sm text-muted-foreground">{children}</p>;
}

const rowClass =
  "flex items-center gap-2.5 rounded-md px-3 py-1 text-sm text-foreground/85 outline-none transition-colors hover:bg-accent/60 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50";

function GroupsBlock({ children }: { children: ReactNode }) {
  const t = useTranslations("shell.sidebar");
  return (
    <Block
      title={t("groups")}
      id="sidebar-groups"
      action={
        <Link
          href="/groups?create=true"
          aria-label={t("createGroup")}
          className="rounded-sm p-0.5 text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Plus className="size-4" aria-hidden />
        </Link>
      }
    >
      {children}
    </Block>
  );
}

/** The groups the member has joined, most recently joined first (the request's list puts them first). */
export async function SidebarGroups() {
  const groups = (await listSidebarGroupsOfRequest(await getViewer())).filter((group) => group.isMember).slice(0, SIDEBAR_LIMITS.groups);
  const t = await getTranslations("shell.sidebar");
  return (
    <GroupsBlock>
      {groups.length === 0 ? (
        <Empty>{t("noGroups")}</Empty>
      ) : (
        <ul className="space-y-0.5">
          {groups.map((group) => (
            <li key={group.id}>
              <Link href={`/groups/${group.id}`} className={rowClass}>
                <GroupInitial name={group.name} imageUrl={group.profileImageUrl} />
                <span className="min-w-0 flex-1 truncate">{group.name}</span>
                {group.isPrivate ? (
                  <>
                    <Lock className="size-3.5 text-muted-foreground" aria-hidden />
                    <span className="sr-only">{t("private")}</span>
                  </>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <MoreLink href="/groups">{t("viewAllGroups")}</MoreLink>
    </GroupsBlock>
  );
}

function GroupInitial({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  if (imageUrl) {
    // eslint-disable-next-line @next/next/no-img-element -- member-supplied URLs on any host
    return <img src={imageUrl} alt="" className="size-6 shrink-0 rounded-md object-cover" loading="lazy" />;
  }
  return (
    <span aria-hidden className="flex size-6 shrink-0 items-center justify-center rounded-md bg-primary/10 text-xs font-semibold text-primary dark:bg-primary/20">
      {name.trim()[0]?.toUpperCase() ?? "?"}
    </span>
  );
}

/** The tags with the most questions. */
export async function SidebarTags() {
  const tags = await listPopularTags(SIDEBAR_LIMITS.tags);
  const t = await getTranslations("shell.sidebar");
  return (
    <Block title={t("tags")} id="sidebar-tags">
      {tags.length === 0 ? (
        <Empty>{t("noTags")}</Empty>
      ) : (
        <ul className="space-y-0.5">
          {tags.map((tag) => (
            <li key={tag.id}>
              <Link href={`/tags/${encodeURIComponent(tag.name)}`} className={rowClass}>
                <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: tag.color }} />
                <span className="min-w-0 flex-1 truncate">{tag.name}</span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {tag.questionCount}
                  <span className="sr-only"> {t("tagQuestions", { count: tag.questionCount })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <MoreLink href="/tags">{t("viewAllTags")}</MoreLink>
    </Block>
  );
}

/** Up to three trending questions the viewer may see. */
export async function SidebarTrending() {
  const viewer = await getViewer();
  // A member in no private group sees what visitors see: the shared, briefly cached list.
  const own = viewer ? (await listSidebarGroupsOfRequest(viewer)).filter((group) => group.isMember) : [];
  const seesPublicOnly = own.length < SIDEBAR_GROUPS_READ && !own.some((group) => group.isPrivate);
  const questions = seesPublicOnly
    ? await listPublicTrendingQuestions(SIDEBAR_LIMITS.trending)
    : await listTrendingQuestions(viewer, SIDEBAR_LIMITS.trending);
  const t = await getTranslations("shell.sidebar");
  return (
    <Block title={t("trending")} id="sidebar-trending">
      {questions.length === 0 ? (
        <Empty>{t("noTrending")}</Empty>
      ) : (
        <ol className="space-y-0.5">
          {questions.map((q) => (
            <li key={q.id}>
              <Link href={`/questions/${q.id}`} className="block rounded-md px-3 py-1 outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50">
                <span className="line-clamp-2 text-sm leading-snug font-medium text-foreground">{q.title}</span>
                <span className="mt-0.5 flex items-center gap-1 text-xs text-muted-foreground">
                  <MessageSquare className="size-3" aria-hidden />
                  {t("answers", { count: q.answerCount })}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Block>
  );
}

function SkeletonRows({ count, label, tall = false }: { count: number; label: string; tall?: boolean }) {
  return (
    <div className="space-y-1 px-3" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex items-center gap-2.5 py-1.5" data-testid="sidebar-skeleton">
          {tall ? null : <Skeleton className="size-6 rounded-md" />}
          <div className="flex-1 space-y-1.5">
            <Skeleton className="h-3.5 w-full" />
            {tall ? <Skeleton className="h-3 w-1/3" /> : null}
          </div>
        </div>
      ))}
    </div>
  );
}

/** Loading placeholders: 3 groups. */
export function SidebarGroupsSkeleton() {
  const t = useTranslations("shell.sidebar");
  return (
    <GroupsBlock>
      <SkeletonRows count={3} label={t("loadingGroups")} />
    </GroupsBlock>
  );
}

/** Loading placeholders: 5 tags. */
export function SidebarTagsSkeleton() {
  const t = useTranslations("shell.sidebar");
  return (
    <Block title={t("tags")} id="sidebar-tags">
      <SkeletonRows count={5} label={t("loadingTags")} />
    </Block>
  );
}

/** Loading placeholders: 3 trending questions. */
export function SidebarTrendingSkeleton() {
  const t = useTranslations("shell.sidebar");
  return (
    <Block title={t("trending")} id="sidebar-trending">
      <SkeletonRows count={3} label={t("loadingTrending")} tall />
    </Block>
  );
}

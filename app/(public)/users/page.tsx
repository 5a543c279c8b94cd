import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { parseMemberTab } from "@/components/users/member-tabs";
import { SignInPrompt } from "@/components/auth/sign-in-prompt";
import { MembersDirectory } from "@/components/users/members-directory";
import { getViewer } from "@/lib/server/auth/session";
import { authorize } from "@/lib/server/policy";
import { presentMember } from "@/lib/server/members/presenters";
import { listMembers } from "@/lib/server/members/queries";
import { MEMBER_PAGE_SIZE, USER_SEARCH_MAX_LENGTH } from "@/lib/validation/users";
import { PageMessages } from "@/components/common/page-messages";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("users.page");
  return {
    title: t("title"),
    description: t("metaDescription"),
    keywords: t("metaKeywords").split(", "),
    robots: { index: false },
  };
}

/**
 * /users (SPEC.md section 2): the members directory, its first page rendered on the server. Visitors
 * read it too (issue 19): GET /api/users's query lists only the profiles its owners show them.
 */
async function MembersPageContent({ searchParams }: Props) {
  const viewer = await getViewer();
  authorize(viewer, "user.viewDirectory");
  const t = await getTranslations("users.page");
  const params = await searchParams;
  const tab = parseMemberTab(params.tab);
  const rawSearch = Array.isArray(params.q) ? params.q[0] : params.q;
  const search = (rawSearch ?? "").trim().slice(0, USER_SEARCH_MAX_LENGTH);
  const page = await listMembers(viewer, { tab, search, limit: MEMBER_PAGE_SIZE });
  const initialPage = { items: page.rows.map((row) => presentMember(row, viewer)), nextCursor: page.nextCursor, total: null };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
          <p className="text-muted-foreground">
            {viewer ? t("intro") : t("introVisitor")}
          </p>
        </div>
        {viewer ? null : <SignInPrompt returnTo="/users" label={t("signInToFollow")} variant="outline" />}
      </div>
      <MembersDirectory initialTab={tab} initialSearch={search} initialPage={initialPage} />
    </div>
  );
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function MembersPage(props: Props) {
  return (
    <PageMessages scope="app/(public)/users/page.tsx">
      <MembersPageContent {...props} />
    </PageMessages>
  );
}

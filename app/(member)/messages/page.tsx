import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { ConversationList } from "@/components/messages/conversation-list";
import { CONVERSATION_PAGE_SIZE } from "@/lib/api-client/paging";
import { requireMemberForPage } from "@/lib/server/auth/member-page";
import { presentConversation } from "@/lib/server/direct-messages/presenters";
import { listConversations } from "@/lib/server/direct-messages/queries";
import { PageMessages } from "@/components/common/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("messages.page");
  return { title: t("title"), description: t("metaDescription"), robots: { index: false } };
}

/** /messages (issue 15): the member's conversations with their unread counts, the first page rendered here. */
export default async function MessagesPage() {
  const viewer = await requireMemberForPage();
  const [page, t] = await Promise.all([listConversations(viewer, { limit: CONVERSATION_PAGE_SIZE }), getTranslations("messages.page")]);
  return (
    <PageMessages scope="app/(member)/messages/page.tsx">
      <div className="mx-auto max-w-3xl space-y-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
          <p className="text-muted-foreground">{t("intro")}</p>
        </div>
        <ConversationList initialPage={{ items: page.rows.map((row) => presentConversation(row, viewer.id)), nextCursor: page.nextCursor, total: null }} />
      </div>
    </PageMessages>
  );
}

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";

import { ConversationView } from "@/components/messages/conversation-view";
import { MESSAGE_PAGE_SIZE } from "@/lib/api-client/paging";
import { requireMemberForPage } from "@/lib/server/auth/member-page";
import { AppError } from "@/lib/server/errors";
import { parseId } from "@/lib/server/ids";
import { presentConversation, presentMessage } from "@/lib/server/direct-messages/presenters";
import { getConversationOrThrow, getConversationSummary, listMessages } from "@/lib/server/direct-messages/queries";
import { PageMessages } from "@/components/common/page-messages";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("messages.page");
  return { title: t("conversationTitle"), description: t("conversationDescription"), robots: { index: false } };
}

/**
 * /messages/{id} (issue 15): one conversation and its composer, for its two members only; anyone
 * else, moderators and admins included, gets the 404 screen, as the API answers 404.
 */
export default async function ConversationPage({ params }: Props) {
  const viewer = await requireMemberForPage();
  const id = parseId((await params).id);
  if (id === null) notFound();
  const conversation = await getConversationOrThrow(id, viewer).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
  if (!conversation) notFound();
  const [summary, page] = await Promise.all([getConversationSummary(conversation, viewer), listMessages(conversation, { limit: MESSAGE_PAGE_SIZE })]);
  return (
    <PageMessages scope="app/(member)/messages/[id]/page.tsx">
      <div className="mx-auto max-w-3xl">
        <ConversationView
          conversation={presentConversation(summary, viewer.id)}
          initialPage={{ items: page.rows.map((row) => presentMessage(row, viewer.id)), nextCursor: page.nextCursor, total: null }}
        />
      </div>
    </PageMessages>
  );
}

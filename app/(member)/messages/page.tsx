import type { Metadata } from "next";

import { ConversationList } from "@/components/messages/conversation-list";
import { CONVERSATION_PAGE_SIZE } from "@/lib/api-client/paging";
import { requireMemberForPage } from "@/lib/server/auth/member-page";
import { presentConversation } from "@/lib/server/direct-messages/presenters";
import { listConversations } from "@/lib/server/direct-messages/queries";

export const metadata: Metadata = {
  title: "Messages",
  description: "Your direct messages with other Agora members.",
  robots: { index: false },
};

/** /messages (issue 15): the member's conversations with their unread counts, the first page rendered here. */
export default async function MessagesPage() {
  const viewer = await requireMemberForPage();
  const page = await listConversations(viewer, { limit: CONVERSATION_PAGE_SIZE });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Messages</h1>
        <p className="text-muted-foreground">Private conversations with other members.</p>
      </div>
      <ConversationList initialPage={{ items: page.rows.map((row) => presentConversation(row, viewer.id)), nextCursor: page.nextCursor, total: null }} />
    </div>
  );
}

"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { MessageSquare } from "lucide-react";

import { MessageComposer } from "@/components/messages/message-composer";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

/**
 * "Message" on a profile (shown only when the member accepts messages from the viewer: the
 * profile's viewerCan.message): a dialog with the composer; once sent, the conversation opens.
 */
export function MessageMemberButton({ user }: { user: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <MessageSquare aria-hidden /> Message
          <span className="sr-only"> {user.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Message {user.name}</DialogTitle>
          <DialogDescription>Only the two of you can read your conversation.</DialogDescription>
        </DialogHeader>
        <MessageComposer
          recipient={user}
          autoFocus
          onSent={(message) => {
            setOpen(false);
            router.push(`/messages/${message.conversationId}`);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

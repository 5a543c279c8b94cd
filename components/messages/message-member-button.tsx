"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { MessageSquare } from "lucide-react";
import { useTranslations } from "next-intl";

import { MessageComposer } from "@/components/messages/message-composer";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

/**
 * "Message" on a profile (shown only when the member accepts messages from the viewer: the
 * profile's viewerCan.message): a dialog with the composer; once sent, the conversation opens.
 */
export function MessageMemberButton({ user }: { user: { id: string; name: string } }) {
  const t = useTranslations("messages.memberButton");
  const [open, setOpen] = useState(false);
  const router = useRouter();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <MessageSquare aria-hidden /> {t("message")}
          <span className="sr-only"> {user.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("title", { name: user.name })}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
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

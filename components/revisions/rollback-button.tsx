"use client";

import { useRouter } from "next/navigation";
import { Loader2, RotateCcw } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { useRollbackRevision } from "@/lib/api-client/answers";

/** "Roll back to this revision": restores it as a new revision, then shows the page again with it on top. */
export function RollbackButton({ kind, postId, number }: { kind: "questions" | "answers"; postId: number; number: number }) {
  const t = useTranslations("revisions");
  const router = useRouter();
  const rollback = useRollbackRevision(kind, postId);
  const label = t.rich("rollback.label", { number, sr: (chunks) => <span className="sr-only">{chunks}</span> });
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={rollback.isPending}
      onClick={() => rollback.mutate(number, { onSuccess: () => router.refresh() })}
    >
      {rollback.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <RotateCcw aria-hidden />}
      {label}
    </Button>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { Loader2, RotateCcw } from "lucide-react";

import { Button } from "@/components/ui/button";
import { useRollbackRevision } from "@/lib/api-client/answers";

/** "Roll back to this revision": restores it as a new revision, then shows the page again with it on top. */
export function RollbackButton({ kind, postId, number }: { kind: "questions" | "answers"; postId: number; number: number }) {
  const router = useRouter();
  const rollback = useRollbackRevision(kind, postId);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={rollback.isPending}
      onClick={() => rollback.mutate(number, { onSuccess: () => router.refresh() })}
    >
      {rollback.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <RotateCcw aria-hidden />}
      Roll back<span className="sr-only"> to revision {number}</span>
    </Button>
  );
}

"use client";

import { useId, useState } from "react";
import { Check, Loader2, X } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useVerdict } from "@/lib/api-client/verification";
import { ErrorText } from "@/lib/i18n/error-text";
import type { VerificationJson } from "@/lib/server/verification/presenters";
import { cn } from "@/lib/utils";
import { VERDICT_REASON_MAX_LENGTH, verdictSchema } from "@/lib/validation/verification";

/**
 * "Correct" and "Incorrect" on an AI answer, for members who may judge it: a pressed control
 * withdraws the verdict; "Incorrect" first asks what is wrong, in a small dialog.
 */
export function VerdictControls({ questionId, answerId, viewerVerdict }: { questionId: number; answerId: number; viewerVerdict: VerificationJson["viewerVerdict"] }) {
  const t = useTranslations("verification");
  const verdict = useVerdict(questionId, answerId);
  const [asking, setAsking] = useState(false);
  const current = viewerVerdict?.verdict ?? null;

  return (
    <div role="group" aria-label={t("controls.label")} className="flex shrink-0 items-center gap-1.5">
      <Button
        type="button"
        size="sm"
        variant="outline"
        aria-pressed={current === "correct"}
        disabled={verdict.isPending}
        className={cn("h-8", current === "correct" && "border-emerald-600 bg-emerald-700 text-white hover:bg-emerald-800 hover:text-white dark:bg-emerald-800")}
        onClick={() => verdict.mutate(current === "correct" ? null : { verdict: "correct" })}
      >
        <Check aria-hidden /> {t("controls.correct")}
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        aria-pressed={current === "incorrect"}
        disabled={verdict.isPending}
        className={cn("h-8", current === "incorrect" && "border-amber-700 bg-amber-700 text-white hover:bg-amber-800 hover:text-white dark:bg-amber-800")}
        onClick={() => (current === "incorrect" ? verdict.mutate(null) : setAsking(true))}
      >
        <X aria-hidden /> {t("controls.incorrect")}
      </Button>
      <Dialog open={asking} onOpenChange={setAsking}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>{t("dialog.title")}</DialogTitle>
            <DialogDescription>{t("dialog.description")}</DialogDescription>
          </DialogHeader>
          {asking ? (
            <ReasonForm
              pending={verdict.isPending}
              onCancel={() => setAsking(false)}
              onSubmit={(reason) => verdict.mutate({ verdict: "incorrect", reason }, { onSuccess: () => setAsking(false) })}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ReasonForm({ pending, onCancel, onSubmit }: { pending: boolean; onCancel: () => void; onSubmit: (reason: string) => void }) {
  const t = useTranslations("verification");
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = verdictSchema.safeParse({ verdict: "incorrect", reason });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    onSubmit(parsed.data.reason ?? "");
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor={`${id}-reason`}>{t("dialog.reason")}</Label>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          rows={4}
          maxLength={VERDICT_REASON_MAX_LENGTH}
          placeholder={t("dialog.placeholder")}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          <ErrorText message={error} />
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t("dialog.cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : <X aria-hidden />}
          {t("dialog.submit")}
        </Button>
      </DialogFooter>
    </form>
  );
}

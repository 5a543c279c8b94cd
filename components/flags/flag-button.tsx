"use client";

import { useId, useState } from "react";
import { Flag, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Textarea } from "@/components/ui/textarea";
import { useFlagPost } from "@/lib/api-client/flags";
import { cn } from "@/lib/utils";
import {
  FLAG_DETAILS_MAX_LENGTH,
  flagCreateSchema,
  type FlagReason,
  type FlagTargetType,
} from "@/lib/validation/flags";
import { ErrorText } from "@/lib/i18n/error-text";

/** The question id in "/questions/123", a full link to it, or "123"; null when there is none. */
export function questionIdFrom(text: string): number | null {
  const match = text.trim().match(/(?:^|\/questions\/)(\d{1,10})(?:[/?#].*)?$/);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The reasons a post of this kind takes: "Duplicate" only for questions, "AI answer is wrong" only on AI answers. */
export function reasonsFor(targetType: FlagTargetType, isAi: boolean): FlagReason[] {
  return (["spam", "rude", "off_topic", "duplicate", "ai_incorrect", "other"] as const).filter(
    (reason) => (reason !== "duplicate" || targetType === "question") && (reason !== "ai_incorrect" || (targetType === "answer" && isAi)),
  );
}

/** The flag reasons' message keys (FLAG_REASON_LABELS has them in English). */
const REASON_KEYS = { spam: "spam", rude: "rude", off_topic: "offTopic", duplicate: "duplicate", ai_incorrect: "aiIncorrect", other: "other" } as const;

/**
 * "Flag" on a post for signed-in members other than its author (the presenter's canFlag): a
 * dialog with the reasons in plain words, a link to the original for a duplicate, and a few
 * words for "Something else". The toast thanks the member; the moderators' queue takes it from there.
 */
export function FlagButton({ targetType, targetId, isAi = false, compact = false }: { targetType: FlagTargetType; targetId: number; isAi?: boolean; compact?: boolean }) {
  const t = useTranslations("flags");
  const [open, setOpen] = useState(false);
  const what = targetType === "question" ? "question" : targetType === "answer" ? "answer" : "comment";
  const label = t.rich("button.label", { what, sr: (chunks) => <span className="sr-only">{chunks}</span> });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" className={cn("text-muted-foreground", compact ? "h-7 px-2 text-xs" : "h-8")}>
          <Flag className={compact ? "size-3.5" : undefined} aria-hidden /> {label}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("button.title", { what })}</DialogTitle>
          <DialogDescription>{t("button.description")}</DialogDescription>
        </DialogHeader>
        {open ? <FlagForm targetType={targetType} targetId={targetId} isAi={isAi} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function FlagForm({ targetType, targetId, isAi, onDone }: { targetType: FlagTargetType; targetId: number; isAi: boolean; onDone: () => void }) {
  const t = useTranslations("flags");
  const id = useId();
  const reasons = reasonsFor(targetType, isAi);
  const [reason, setReason] = useState<FlagReason | "">("");
  const [details, setDetails] = useState("");
  const [original, setOriginal] = useState("");
  const [error, setError] = useState<{ field: "reason" | "details" | "original"; message: string } | null>(null);
  const flag = useFlagPost();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) return setError({ field: "reason", message: t("form.chooseReason") });
    const duplicateOfId = reason === "duplicate" ? questionIdFrom(original) : undefined;
    if (reason === "duplicate" && duplicateOfId === null) return setError({ field: "original", message: t("form.originalRequired") });
    const parsed = flagCreateSchema.safeParse({ targetType, targetId, reason, details: details || undefined, duplicateOfId: duplicateOfId ?? undefined });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return setError({ field: issue.path[0] === "duplicateOfId" ? "original" : issue.path[0] === "details" ? "details" : "reason", message: issue.message });
    }
    setError(null);
    flag.mutate(parsed.data, { onSuccess: onDone });
  };

  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t("form.label")}>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">{t("form.why")}</legend>
        <RadioGroup
          value={reason}
          onValueChange={(value) => {
            setReason(value as FlagReason);
            setError(null);
          }}
          aria-invalid={error?.field === "reason" ? true : undefined}
          aria-describedby={error?.field === "reason" ? errorId : undefined}
          className="gap-1"
        >
          {reasons.map((value) => (
            <Label
              key={value}
              htmlFor={`${id}-${value}`}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-transparent px-2 py-2 font-normal hover:bg-accent has-[[data-state=checked]]:border-primary/40 has-[[data-state=checked]]:bg-primary/5"
            >
              <RadioGroupItem id={`${id}-${value}`} value={value} className="mt-0.5" />
              <span className="space-y-0.5">
                <span className="block font-medium">{t(`reasons.${REASON_KEYS[value]}.title`)}</span>
                <span className="block text-muted-foreground">{t(`reasons.${REASON_KEYS[value]}.description`)}</span>
              </span>
            </Label>
          ))}
        </RadioGroup>
      </fieldset>

      {reason === "duplicate" ? (
        <div className="space-y-2">
          <Label htmlFor={`${id}-original`}>{t("form.originalLabel")}</Label>
          <Input
            id={`${id}-original`}
            value={original}
            onChange={(e) => setOriginal(e.target.value)}
            placeholder={t("form.originalPlaceholder")}
            aria-invalid={error?.field === "original" ? true : undefined}
            aria-describedby={error?.field === "original" ? errorId : undefined}
          />
        </div>
      ) : null}

      {reason ? (
        <div className="space-y-2">
          <Label htmlFor={`${id}-details`}>{reason === "other" ? t("form.whatIsWrong") : t("form.anythingToAdd")}</Label>
          <Textarea
            id={`${id}-details`}
            value={details}
            maxLength={FLAG_DETAILS_MAX_LENGTH}
            onChange={(e) => setDetails(e.target.value)}
            rows={3}
            aria-invalid={error?.field === "details" ? true : undefined}
            aria-describedby={error?.field === "details" ? errorId : undefined}
          />
        </div>
      ) : null}

      {error ? (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          <ErrorText message={error.message} />
        </p>
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("form.cancel")}
        </Button>
        <Button type="submit" disabled={flag.isPending}>
          {flag.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Flag aria-hidden />}
          {t("form.submit")}
        </Button>
      </DialogFooter>
    </form>
  );
}

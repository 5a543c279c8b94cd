"use client";

import { useId, useState } from "react";
import { Ban, ChevronDown, Gavel, ShieldMinus, ShieldPlus, Trash2, Undo2 } from "lucide-react";
import { useTranslations } from "next-intl";

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useChangeRole, useDeleteAsSpammer, useLiftSuspension, useSuspendMember } from "@/lib/api-client/moderation";
import type { Profile } from "@/lib/api-client/users";
import { displayName } from "@/lib/display";
import { MODERATION_REASON_MAX_LENGTH, SUSPEND_MAX_DAYS, suspendSchema } from "@/lib/validation/moderation";
import { ErrorText } from "@/lib/i18n/error-text";

/**
 * The Moderate menu of a profile, for moderators and admins (issue 14): Suspend… or Lift
 * suspension, Delete as spammer…, and for admins Make moderator or Remove moderator. What it
 * offers comes from the profile's `moderation` (the policy table's answer); nothing when empty.
 */
export function ModerateMenu({ profile }: { profile: Profile }) {
  const t = useTranslations("profile.moderate");
  const name = displayName(profile);
  const can = profile.moderation;
  const [dialog, setDialog] = useState<"suspend" | "spammer" | null>(null);
  const lift = useLiftSuspension(profile.id, name);
  const changeRole = useChangeRole(profile.id, name);
  if (!can || !(can.suspend || can.deleteAsSpammer || can.changeRole)) return null;
  const suspended = Boolean(profile.suspension);
  const isModerator = profile.role === "moderator";

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm">
            <Gavel aria-hidden /> {t("menu")} <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          {can.suspend && !suspended ? (
            <DropdownMenuItem onSelect={() => setDialog("suspend")}>
              <Ban aria-hidden /> {t("suspend")}
            </DropdownMenuItem>
          ) : null}
          {can.suspend && suspended ? (
            <DropdownMenuItem disabled={lift.isPending} onSelect={() => lift.mutate()}>
              <Undo2 aria-hidden /> {t("liftSuspension")}
            </DropdownMenuItem>
          ) : null}
          {can.changeRole ? (
            <DropdownMenuItem disabled={changeRole.isPending} onSelect={() => changeRole.mutate(isModerator ? "member" : "moderator")}>
              {isModerator ? <ShieldMinus aria-hidden /> : <ShieldPlus aria-hidden />}
              {isModerator ? t("removeModerator") : t("makeModerator")}
            </DropdownMenuItem>
          ) : null}
          {can.deleteAsSpammer ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => setDialog("spammer")}>
                <Trash2 aria-hidden /> {t("deleteAsSpammer")}
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <SuspendDialog profile={profile} open={dialog === "suspend"} onOpenChange={(open) => setDialog(open ? "suspend" : null)} />
      <DeleteSpammerDialog profile={profile} open={dialog === "spammer"} onOpenChange={(open) => setDialog(open ? "spammer" : null)} />
    </>
  );
}

function SuspendDialog({ profile, open, onOpenChange }: { profile: Profile; open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const t = useTranslations("profile.moderate");
  const name = displayName(profile);
  const suspend = useSuspendMember(profile.id, name);
  const [days, setDays] = useState("7");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ days?: string; reason?: string }>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = suspendSchema.safeParse({ days: days.trim() === "" ? undefined : Number(days), reason });
    if (!parsed.success) {
      const found: { days?: string; reason?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "days" ? "days" : "reason";
        found[field] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    suspend.mutate(parsed.data, {
      onSuccess: () => {
        onOpenChange(false);
        setReason("");
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t("suspendTitle", { name })}</DialogTitle>
          <DialogDescription>{t("suspendDescription")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor={`${id}-days`}>{t("days", { max: SUSPEND_MAX_DAYS })}</Label>
            <Input
              id={`${id}-days`}
              type="number"
              inputMode="numeric"
              min={1}
              max={SUSPEND_MAX_DAYS}
              value={days}
              onChange={(e) => setDays(e.target.value)}
              aria-invalid={errors.days ? true : undefined}
              aria-describedby={errors.days ? `${id}-days-error` : undefined}
            />
            {errors.days ? (
              <p id={`${id}-days-error`} className="text-sm text-destructive">
                <ErrorText message={errors.days} />
              </p>
            ) : null}
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-reason`}>{t("reason")}</Label>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={MODERATION_REASON_MAX_LENGTH}
              rows={3}
              placeholder={t("reasonPlaceholder")}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
            />
            {errors.reason ? (
              <p id={`${id}-reason-error`} className="text-sm text-destructive">
                <ErrorText message={errors.reason} />
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={suspend.isPending}>
              {suspend.isPending ? t("suspending") : t("suspendSubmit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteSpammerDialog({ profile, open, onOpenChange }: { profile: Profile; open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const t = useTranslations("profile.moderate");
  const name = displayName(profile);
  const remove = useDeleteAsSpammer(profile.id);
  const [reason, setReason] = useState("");

  const confirm = () =>
    remove.mutate(reason.trim(), {
      onSuccess: () => {
        onOpenChange(false);
        setReason("");
      },
    });

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("spammerTitle", { name })}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="space-y-2 text-sm text-muted-foreground">
              <p>{t("spammerIntro")}</p>
              <ul className="list-disc space-y-1 pl-5">
                <li>{t("spammerAccount")}</li>
                <li>{t("spammerQuestions", { count: profile._count.questions })}</li>
                <li>{t("spammerAnswers", { count: profile._count.answers })}</li>
                <li>{t("spammerComments")}</li>
                <li>{t("spammerReputation")}</li>
              </ul>
              <p>{t("spammerFinal")}</p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="space-y-2">
          <Label htmlFor={`${id}-reason`}>{t("spammerReason")}</Label>
          <Textarea id={`${id}-reason`} value={reason} maxLength={MODERATION_REASON_MAX_LENGTH} rows={2} onChange={(e) => setReason(e.target.value)} />
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
          <Button type="button" variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? t("deleting") : t("spammerSubmit")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

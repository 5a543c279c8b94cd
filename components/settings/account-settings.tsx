"use client";

import { useId, useState, type FormEvent } from "react";
import { AlertTriangle, Loader2, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";

import { SettingsCard } from "@/components/settings/setting-row";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toastError } from "@/lib/api-client/toast";
import { useChangePassword, useDeleteAccount } from "@/lib/api-client/users";
import { DELETE_CONFIRMATION, passwordFormProblem } from "@/lib/validation/users";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * Change Password (SPEC.md sections 2, 5 and 8): current, new and confirm; the button waits for
 * the current and new passwords. A mismatch or a short password is refused before anything is
 * sent ("Password Mismatch", "Password Too Short"); success clears the fields.
 */
export function ChangePasswordForm() {
  const id = useId();
  const t = useTranslations("settings.password");
  const [values, setValues] = useState(EMPTY);
  const change = useChangePassword({ onChanged: () => setValues(EMPTY) });
  const ready = values.currentPassword.length > 0 && values.newPassword.length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || change.isPending) return;
    const problem = passwordFormProblem(values);
    if (problem) {
      toastError(t(`${problem.code}Title`), t(problem.code));
      return;
    }
    change.mutate(values);
  }

  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <div className="space-y-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        type="password"
        autoComplete={autoComplete}
        maxLength={200}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      />
    </div>
  );

  const currentField = field("currentPassword", t("current"), "current-password");
  const newField = field("newPassword", t("new"), "new-password");
  const confirmField = field("confirmPassword", t("confirm"), "new-password");

  return (
    <SettingsCard title={t("title")} description={t("description")}>
      <form onSubmit={submit} className="max-w-md space-y-4" aria-label={t("title")}>
        {currentField}
        {newField}
        {confirmField}
        <p className="text-xs text-muted-foreground">{t("hint")}</p>
        <Button type="submit" disabled={!ready || change.isPending}>
          {change.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {t("submit")}
        </Button>
      </form>
    </SettingsCard>
  );
}

/**
 * The Danger Zone: "Delete Account" asks the member to type DELETE, then removes their personal
 * data and signs them out; their posts stay, shown as "Deleted user".
 */
export function DangerZone() {
  const id = useId();
  const t = useTranslations("settings.danger");
  const [typed, setTyped] = useState("");
  const remove = useDeleteAccount();
  const confirmed = typed.trim() === DELETE_CONFIRMATION;
  const typeToConfirm = t.rich("typeToConfirm", {
    word: DELETE_CONFIRMATION,
    code: (chunks) => <span className="font-mono font-semibold">{chunks}</span>,
  });

  return (
    <SettingsCard
      tone="danger"
      title={t("title")}
      description={t("description")}
    >
      <AlertDialog onOpenChange={(open) => !open && setTyped("")}>
        <AlertDialogTrigger asChild>
          <Button variant="destructive">
            <Trash2 aria-hidden /> {t("delete")}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (confirmed && !remove.isPending) remove.mutate(DELETE_CONFIRMATION);
            }}
            className="grid gap-4"
          >
            <AlertDialogHeader>
              <AlertDialogTitle className="flex items-center gap-2">
                <AlertTriangle className="size-5 text-destructive" aria-hidden /> {t("confirmTitle")}
              </AlertDialogTitle>
              <AlertDialogDescription>
                {t("confirmDescription")}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <div className="space-y-2">
              <Label htmlFor={`${id}-confirm`}>
                {typeToConfirm}
              </Label>
              <Input id={`${id}-confirm`} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" autoCapitalize="characters" />
            </div>
            <AlertDialogFooter>
              <AlertDialogCancel type="button" disabled={remove.isPending}>
                {t("cancel")}
              </AlertDialogCancel>
              <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending}>
                {remove.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
                {t("delete")}
              </Button>
            </AlertDialogFooter>
          </form>
        </AlertDialogContent>
      </AlertDialog>
    </SettingsCard>
  );
}

/** Settings > Account: change password, then the Danger Zone. */
export function AccountSettings() {
  return (
    <div className="space-y-6">
      <ChangePasswordForm />
      <DangerZone />
    </div>
  );
}

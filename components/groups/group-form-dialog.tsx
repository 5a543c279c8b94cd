"use client";

import { useId, useState, type ReactNode } from "react";
import { Controller, useForm, useWatch, type FieldPath } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";

import { ImagePicker } from "@/components/common/image-picker";
import { FieldError, FormProblem } from "@/components/question/question-form-fields";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api-client/fetcher";
import { useCreateGroup, useUpdateGroup, type Group } from "@/lib/api-client/groups";
import { cn } from "@/lib/utils";
import {
  GROUP_DESCRIPTION_MAX_LENGTH,
  GROUP_NAME_MAX_LENGTH,
  GROUP_RULES_MAX_LENGTH,
  groupCreateSchema,
  groupEditFormSchema,
  type GroupCreateInput,
  type GroupFormValues,
} from "@/lib/validation/groups";

const FIELDS = new Set(["name", "description", "rules", "profileImageUrl", "headerImageUrl", "isPrivate"]);

/** The form's values for a group (or empty ones for a new group). */
function valuesOf(group?: Group | null): GroupFormValues {
  return {
    name: group?.name ?? "",
    description: group?.description ?? "",
    rules: group?.rules ?? "",
    profileImageUrl: group?.profileImageUrl ?? "",
    headerImageUrl: group?.headerImageUrl ?? "",
    isPrivate: group?.isPrivate ?? false,
  };
}

/** "n/max" under a text field, red past the limit. */
function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  const t = useTranslations("groups.form");
  return (
    <span id={id} className={cn("text-xs text-muted-foreground tabular-nums", length > max && "font-medium text-destructive")}>
      {length}/{max}
      <span className="sr-only">{t("characters")}</span>
    </span>
  );
}

export interface GroupFormDialogProps {
  /** "create" for the Create Group dialog, "edit" for Edit Group (then `group` is required). */
  mode: "create" | "edit";
  group?: Group;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  onSaved?: (group: Group) => void;
}

/**
 * The Create Group and Edit Group dialogs (SPEC.md sections 2 and 5): name, description,
 * profile and header images (the image picker), rules and the private switch, checked with the
 * same schema as POST and PATCH /api/groups, so the messages are the spec's.
 */
export function GroupFormDialog({ mode, group, open: openProp, onOpenChange, trigger, onSaved }: GroupFormDialogProps) {
  const t = useTranslations("groups");
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const editing = mode === "edit";

  const form = useForm<GroupFormValues, unknown, GroupCreateInput>({
    resolver: zodResolver(editing ? groupEditFormSchema : groupCreateSchema),
    defaultValues: valuesOf(editing ? group : null),
  });
  const { errors } = form.formState;

  const setOpen = (next: boolean) => {
    if (next) {
      // Every opening starts from the group as it is now (or a blank form).
      form.reset(valuesOf(editing ? group : null));
      setFormError(null);
    }
    if (openProp === undefined) setOpenState(next);
    onOpenChange?.(next);
  };

  const saved = (result: Group) => {
    setFormError(null);
    if (!editing) form.reset(valuesOf(null));
    if (openProp === undefined) setOpenState(false);
    onOpenChange?.(false);
    onSaved?.(result);
  };
  const create = useCreateGroup({ onCreated: saved });
  const update = useUpdateGroup(group?.id ?? 0, { onUpdated: saved });
  const pending = create.isPending || update.isPending;

  function placeServerErrors(error: unknown) {
    if (!(error instanceof ApiError)) {
      setFormError(editing ? t("toasts.updateFailed") : t("toasts.createFailed"));
      return;
    }
    if (error.status === 401) return;
    let placed = false;
    if (error.status === 400) {
      for (const issue of error.issues) {
        const field = issue.path.split(".")[0] ?? "";
        if (!FIELDS.has(field)) continue;
        form.setError(field as FieldPath<GroupFormValues>, { message: issue.message });
        placed = true;
      }
    }
    if (!placed) setFormError(error.serverMessage ?? (editing ? t("toasts.updateFailed") : t("toasts.createFailed")));
  }

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    if (editing) update.mutate(values, { onError: placeServerErrors });
    else create.mutate(values, { onError: placeServerErrors });
  });

  const [name, description, rules] = useWatch({ control: form.control, name: ["name", "description", "rules"] });

  const ids = {
    name: `${id}-name`,
    nameError: `${id}-name-error`,
    nameCounter: `${id}-name-counter`,
    description: `${id}-description`,
    descriptionError: `${id}-description-error`,
    descriptionCounter: `${id}-description-counter`,
    rules: `${id}-rules`,
    rulesError: `${id}-rules-error`,
    rulesCounter: `${id}-rules-counter`,
    profileImage: `${id}-profile-image`,
    profileImageError: `${id}-profile-image-error`,
    headerImage: `${id}-header-image`,
    headerImageError: `${id}-header-image-error`,
    private: `${id}-private`,
    privateHint: `${id}-private-hint`,
  };
  const fields = { name: form.register("name"), description: form.register("description"), rules: form.register("rules") };
  const describe = (error: unknown, errorId: string, counterId: string) => (error ? `${errorId} ${counterId}` : counterId);
  const title = editing ? t("form.editTitle") : t("form.createTitle");

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className="max-h-[calc(100dvh-2rem)] gap-5 overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {editing ? t("form.editDescription") : t("form.createDescription")}
          </DialogDescription>
        </DialogHeader>

        <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={title}>
          <div className="space-y-2">
            <div className="flex items-end justify-between gap-2">
              <Label htmlFor={ids.name}>{t("form.name")}</Label>
              <Counter id={ids.nameCounter} length={(name ?? "").length} max={GROUP_NAME_MAX_LENGTH} />
            </div>
            <Input
              id={ids.name}
              placeholder={t("form.namePlaceholder")}
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describe(errors.name, ids.nameError, ids.nameCounter)}
              {...fields.name}
            />
            <FieldError id={ids.nameError} message={errors.name?.message} />
          </div>

          <div className="space-y-2">
            <div className="flex items-end justify-between gap-2">
              <Label htmlFor={ids.description}>
                {t("form.description")} <span className="font-normal text-muted-foreground">{t("form.optional")}</span>
              </Label>
              <Counter id={ids.descriptionCounter} length={(description ?? "").length} max={GROUP_DESCRIPTION_MAX_LENGTH} />
            </div>
            <Textarea
              id={ids.description}
              rows={3}
              placeholder={t("form.descriptionPlaceholder")}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describe(errors.description, ids.descriptionError, ids.descriptionCounter)}
              {...fields.description}
            />
            <FieldError id={ids.descriptionError} message={errors.description?.message} />
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <div className="space-y-1">
              <Controller
                control={form.control}
                name="profileImageUrl"
                render={({ field }) => <ImagePicker id={ids.profileImage} label={t("form.profileImage")} value={field.value ?? ""} onChange={field.onChange} />}
              />
              <FieldError id={ids.profileImageError} message={errors.profileImageUrl?.message} />
            </div>
            <div className="space-y-1">
              <Controller
                control={form.control}
                name="headerImageUrl"
                render={({ field }) => <ImagePicker id={ids.headerImage} label={t("form.headerImage")} value={field.value ?? ""} onChange={field.onChange} />}
              />
              <FieldError id={ids.headerImageError} message={errors.headerImageUrl?.message} />
            </div>
          </div>

          <div className="space-y-2">
            <div className="flex items-end justify-between gap-2">
              <Label htmlFor={ids.rules}>
                {t("form.rules")} <span className="font-normal text-muted-foreground">{t("form.optional")}</span>
              </Label>
              <Counter id={ids.rulesCounter} length={(rules ?? "").length} max={GROUP_RULES_MAX_LENGTH} />
            </div>
            <Textarea
              id={ids.rules}
              rows={3}
              placeholder={t("form.rulesPlaceholder")}
              aria-invalid={errors.rules ? true : undefined}
              aria-describedby={describe(errors.rules, ids.rulesError, ids.rulesCounter)}
              {...fields.rules}
            />
            <FieldError id={ids.rulesError} message={errors.rules?.message} />
          </div>

          <Controller
            control={form.control}
            name="isPrivate"
            render={({ field }) => (
              <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
                <div className="space-y-1">
                  <Label htmlFor={ids.private}>{t("form.private")}</Label>
                  <p id={ids.privateHint} className="text-xs text-muted-foreground">
                    {t("form.privateHint")}
                  </p>
                </div>
                <Switch
                  id={ids.private}
                  checked={Boolean(field.value)}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  aria-describedby={ids.privateHint}
                />
              </div>
            )}
          />

          <FormProblem>{formError}</FormProblem>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {editing ? (pending ? t("form.updating") : t("form.update")) : pending ? t("form.creating") : t("form.create")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

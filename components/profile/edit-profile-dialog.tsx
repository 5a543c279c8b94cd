"use client";

import { useId, useRef, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Camera, Loader2, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";

import { UserAvatar } from "@/components/common/user-avatar";
import { FieldError } from "@/components/question/question-form-fields";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api-client/fetcher";
import { toastError } from "@/lib/api-client/toast";
import { useUploadImage } from "@/lib/api-client/uploads";
import { useUpdateProfile } from "@/lib/api-client/users";
import { useEarlyAction } from "@/lib/early/use-early-action";
import { IMAGE_ACCEPT, imageFileProblem } from "@/lib/validation/uploads";
import { PROFILE_MAX, PROFILE_MESSAGES, cleanProfilePayload, profileFormSchema, type ProfileFormValues } from "@/lib/validation/users";

/** The editable profile as the dialog starts from it (the current user's own data). */
export interface EditableProfile {
  id: string;
  email?: string | null;
  handle?: string | null;
  firstName: string | null;
  lastName: string | null;
  bio: string | null;
  website: string | null;
  city: string | null;
  country: string | null;
  profileImageUrl: string | null;
  socialLinks: { twitter: string | null; linkedin: string | null; github: string | null };
}

function formValuesOf(p: EditableProfile): ProfileFormValues {
  return {
    profileImageUrl: p.profileImageUrl ?? "",
    firstName: p.firstName ?? "",
    lastName: p.lastName ?? "",
    bio: p.bio ?? "",
    website: p.website ?? "",
    city: p.city ?? "",
    country: p.country ?? "",
    twitter: p.socialLinks.twitter ?? "",
    linkedin: p.socialLinks.linkedin ?? "",
    github: p.socialLinks.github ?? "",
  };
}

const FORM_FIELDS = new Set<string>(["profileImageUrl", "firstName", "lastName", "bio", "website", "city", "country"]);

/** The field messages of the profile's schema (the browser's check and the server's 400 alike) that profile.edit.errors words. */
const FIELD_ERROR_KEYS = ["firstName", "lastName", "bio", "website", "websiteTooLong", "city", "country", "profileImageUrl"] as const;
const SOCIAL_SITES = ["Twitter", "LinkedIn", "GitHub"] as const;

/** A field's error in the interface's language (the schema's English text when it is not one of the profile's own). */
function useFieldErrorText() {
  const t = useTranslations("profile.edit.errors");
  return (message: string | undefined): string | undefined => {
    if (!message) return message;
    const key = FIELD_ERROR_KEYS.find((k) => PROFILE_MESSAGES[k] === message);
    if (key) return t(key);
    for (const site of SOCIAL_SITES) {
      if (message === PROFILE_MESSAGES.social(site)) return t("social", { site });
      if (message === PROFILE_MESSAGES.socialTooLong(site)) return t("socialTooLong", { site });
    }
    return message;
  };
}

/**
 * Edit Profile (SPEC.md sections 2 and 5): photo (uploaded through POST /api/upload/image),
 * names, bio, website, city, country and social usernames; Cancel and "Save Changes"
 * ("Saving..."). The body is cleaned before it is sent: blank strings dropped, social usernames
 * trimmed (a leading @ removed) and null when blank.
 */
export function EditProfileDialog({
  profile,
  trigger,
  open: openProp,
  onOpenChange,
}: {
  profile: EditableProfile;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const t = useTranslations("profile.edit");
  const errorText = useFieldErrorText();
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);

  const form = useForm<ProfileFormValues>({ resolver: zodResolver(profileFormSchema), defaultValues: formValuesOf(profile) });
  const { errors } = form.formState;
  const photo = useWatch({ control: form.control, name: "profileImageUrl" });
  const firstName = useWatch({ control: form.control, name: "firstName" });

  const upload = useUploadImage();
  const router = useRouter();
  const update = useUpdateProfile({
    onUpdated: () => {
      setOpen(false);
      // The top bar's avatar and name are rendered on the server.
      router.refresh();
    },
  });
  const pending = update.isPending;

  function setOpen(next: boolean) {
    if (next) form.reset(formValuesOf(profile));
    if (openProp === undefined) setOpenState(next);
    onOpenChange?.(next);
  }
  // A press on the trigger before the page has hydrated opens the dialog once it has (lib/early/script.ts).
  const early = useEarlyAction("edit-profile", () => setOpen(true));

  function choosePhoto(file: File | undefined) {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem === "invalid") return void toastError(t("invalidFileTitle"), t("invalidFile"));
    if (problem === "tooLarge") return void toastError(t("fileTooLargeTitle"), t("fileTooLarge"));
    upload.mutate(file, { onSuccess: ({ url }) => form.setValue("profileImageUrl", url, { shouldDirty: true, shouldValidate: true }) });
  }

  function placeServerErrors(error: unknown) {
    if (!(error instanceof ApiError) || error.status !== 400) return;
    for (const issue of error.issues) {
      const field = issue.path.split(".");
      const name = field[0] === "socialLinks" ? field[1] : field[0];
      if (name && (FORM_FIELDS.has(name) || ["twitter", "linkedin", "github"].includes(name))) {
        form.setError(name as FieldPath<ProfileFormValues>, { message: issue.message });
      }
    }
  }

  const onSubmit = form.handleSubmit((values) => update.mutate(cleanProfilePayload(values), { onError: placeServerErrors }));

  const f = (name: string) => `${id}-${name}`;
  const text = (name: keyof ProfileFormValues, label: string, options: { type?: string; placeholder?: string; max?: number; autoComplete?: string } = {}) => (
    <div className="space-y-2">
      <Label htmlFor={f(name)}>{label}</Label>
      <Input
        id={f(name)}
        type={options.type ?? "text"}
        placeholder={options.placeholder}
        maxLength={options.max}
        autoComplete={options.autoComplete ?? "off"}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? f(`${name}-error`) : undefined}
        {...form.register(name)}
      />
      <FieldError id={f(`${name}-error`)} message={errorText(errors[name]?.message)} />
    </div>
  );

  const bioRegistration = form.register("bio");
  const firstNameField = text("firstName", t("firstName"), { max: PROFILE_MAX.firstName, autoComplete: "given-name" });
  const lastNameField = text("lastName", t("lastName"), { max: PROFILE_MAX.lastName, autoComplete: "family-name" });
  const websiteField = text("website", t("website"), { type: "url", placeholder: t("websitePlaceholder"), max: PROFILE_MAX.website, autoComplete: "url" });
  const cityField = text("city", t("city"), { max: PROFILE_MAX.city, autoComplete: "address-level2" });
  const countryField = text("country", t("country"), { max: PROFILE_MAX.country, autoComplete: "country-name" });
  const twitterField = text("twitter", t("twitter"), { placeholder: t("twitterPlaceholder"), max: PROFILE_MAX.socialUsername + 1 });
  const linkedinField = text("linkedin", t("linkedin"), { placeholder: t("usernamePlaceholder"), max: PROFILE_MAX.socialUsername });
  const githubField = text("github", t("github"), { placeholder: t("usernamePlaceholder"), max: PROFILE_MAX.socialUsername });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger ? <DialogTrigger asChild {...early}>{trigger}</DialogTrigger> : null}
      <DialogContent className="gap-5 sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>

        <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t("title")}>
          <div className="flex flex-wrap items-center gap-4">
            <UserAvatar
              user={{ firstName: firstName || null, email: profile.email, handle: profile.handle, profileImageUrl: photo || null }}
              className="size-20 text-2xl"
              decorative
            />
            <div className="space-y-2">
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="outline" size="sm" disabled={upload.isPending || pending} onClick={() => fileRef.current?.click()}>
                  {upload.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Camera aria-hidden />}
                  {upload.isPending ? t("uploading") : t("changePhoto")}
                </Button>
                {photo ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={upload.isPending || pending}
                    onClick={() => form.setValue("profileImageUrl", "", { shouldDirty: true })}
                  >
                    <Trash2 aria-hidden /> {t("removePhoto")}
                  </Button>
                ) : null}
              </div>
              <p id={f("photo-hint")} className="text-xs text-muted-foreground">
                {t("photoHint")}
              </p>
              <FieldError id={f("photo-error")} message={errorText(errors.profileImageUrl?.message)} />
            </div>
            <input
              ref={fileRef}
              type="file"
              accept={IMAGE_ACCEPT}
              className="hidden"
              tabIndex={-1}
              aria-label={t("photoFile")}
              aria-describedby={f("photo-hint")}
              onChange={(event) => {
                choosePhoto(event.target.files?.[0]);
                event.target.value = "";
              }}
            />
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            {firstNameField}
            {lastNameField}
          </div>

          <div className="space-y-2">
            <Label htmlFor={f("bio")}>{t("bio")}</Label>
            <Textarea
              id={f("bio")}
              rows={3}
              maxLength={PROFILE_MAX.bio}
              placeholder={t("bioPlaceholder")}
              aria-invalid={errors.bio ? true : undefined}
              aria-describedby={errors.bio ? f("bio-error") : undefined}
              {...bioRegistration}
            />
            <FieldError id={f("bio-error")} message={errorText(errors.bio?.message)} />
          </div>

          {websiteField}

          <div className="grid gap-4 sm:grid-cols-2">
            {cityField}
            {countryField}
          </div>

          <fieldset className="space-y-4">
            <legend className="mb-3 text-sm font-semibold">{t("socialLinks")}</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              {twitterField}
              {linkedinField}
              {githubField}
            </div>
          </fieldset>

          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" disabled={pending} onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={pending || upload.isPending}>
              {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {pending ? t("saving") : t("save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

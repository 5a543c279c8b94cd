"use client";

import { useId, useRef, useState, type DragEvent } from "react";
import { ImageIcon, Loader2, Upload, X } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toastError } from "@/lib/api-client/toast";
import { useUploadImage } from "@/lib/api-client/uploads";
import { cn } from "@/lib/utils";
import { IMAGE_ACCEPT, imageFileProblem } from "@/lib/validation/uploads";

export interface ImagePickerProps {
  /** The image URL ("" when none). */
  value: string;
  onChange(url: string): void;
  /** The field's visible label, e.g. "Profile image". */
  label: string;
  /** The id of the URL input (a generated one otherwise). */
  id?: string;
}

/**
 * The image picker widget (SPEC.md sections 2, 5 and 8): type an image URL, or drop or choose a
 * file, which is uploaded through POST /api/upload/image; a preview with Remove once there is one.
 */
export function ImagePicker({ value, onChange, label, id }: ImagePickerProps) {
  const t = useTranslations("common.imagePicker");
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-url`;
  const fileRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [broken, setBroken] = useState<string | null>(null);
  const upload = useUploadImage({ toastOnSuccess: true, purpose: "group" }); // today only the group form picks images this way

  function pick(file: File | undefined) {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem === "invalid") {
      toastError(t("invalidTitle"), t("invalid"));
      return;
    }
    if (problem === "tooLarge") {
      toastError(t("tooLargeTitle"), t("tooLarge"));
      return;
    }
    upload.mutate(file, { onSuccess: ({ url }) => onChange(url) });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (upload.isPending) return;
    pick(event.dataTransfer.files?.[0]);
  }

  const url = value.trim();
  const showPreview = url.length > 0;

  return (
    <div className="space-y-2">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        type="url"
        inputMode="url"
        placeholder={t("urlPlaceholder")}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
      />

      {showPreview ? (
        <div className="flex items-center gap-3 rounded-lg border bg-muted/30 p-2">
          <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted">
            {broken === url ? (
              <ImageIcon className="size-6 text-muted-foreground" aria-hidden />
            ) : (
              // eslint-disable-next-line @next/next/no-img-element -- any http(s) or uploaded URL; next/image would need every host listed
              <img src={url} alt={t("previewAlt", { label })} className="size-full object-cover" onError={() => setBroken(url)} />
            )}
          </div>
          <p className="min-w-0 flex-1 truncate text-xs text-muted-foreground">
            {broken === url ? t("previewBroken") : t("preview")}
          </p>
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange("")} aria-label={t("removeLabel", { label: label.toLowerCase() })}>
            <X aria-hidden /> {t("remove")}
          </Button>
        </div>
      ) : (
        <div
          onDragOver={(event) => {
            event.preventDefault();
            if (!dragging) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "rounded-lg border-2 border-dashed transition-colors",
            dragging ? "border-primary bg-primary/5" : "border-input hover:border-primary/50",
          )}
        >
          <button
            type="button"
            onClick={() => fileRef.current?.click()}
            disabled={upload.isPending}
            aria-label={t("uploadLabel", { label: label.toLowerCase() })}
            className="flex w-full flex-col items-center gap-1.5 rounded-lg px-4 py-5 text-center text-sm text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-wait"
          >
            {upload.isPending ? <Loader2 className="size-5 animate-spin" aria-hidden /> : <Upload className="size-5" aria-hidden />}
            <span className="font-medium text-foreground">{upload.isPending ? t("uploading") : t("drop")}</span>
            <span className="text-xs">{t("formats")}</span>
          </button>
        </div>
      )}

      <input
        ref={fileRef}
        type="file"
        accept={IMAGE_ACCEPT}
        className="hidden"
        tabIndex={-1}
        aria-label={t("fileLabel", { label })}
        data-testid={`${inputId}-file`}
        onChange={(event) => {
          pick(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      <span className="sr-only" aria-live="polite">
        {upload.isPending ? t("uploadingImage") : ""}
      </span>
    </div>
  );
}

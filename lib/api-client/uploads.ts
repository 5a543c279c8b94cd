import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";

import { apiJson } from "@/lib/api-client/fetcher";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import { IMAGE_FIELD, type UploadPurpose } from "@/lib/validation/uploads";

/** What POST /api/upload/image answers (201). */
export interface UploadedImage {
  url: string;
}

/** POST /api/upload/image?purpose= with the file as multipart field `image`; resolves to its URL. */
export function uploadImage(file: File, purpose: UploadPurpose = "profile"): Promise<UploadedImage> {
  const form = new FormData();
  form.append(IMAGE_FIELD, file);
  return apiJson<UploadedImage>("POST", `/api/upload/image?purpose=${purpose}`, form);
}

/**
 * Uploads an image (mutate with the File). `toastOnSuccess` shows "Image uploaded" (the image
 * picker's); a failure always shows "Upload failed" / "Failed to upload image. Please try again.".
 */
export function useUploadImage(options: { toastOnSuccess?: boolean; purpose?: UploadPurpose } = {}) {
  const t = useTranslations("question");
  return useMutation({
    mutationFn: (file: File) => uploadImage(file, options.purpose ?? "profile"),
    onSuccess: () => {
      if (options.toastOnSuccess) toastSuccess(t("upload.uploaded"));
    },
    onError: (error) => toastMutationError(error, t("upload.failedTitle"), t("upload.failed")),
  });
}

// Image uploads: the limits and messages of SPEC.md sections 5 and 8, shared by the image
// picker and the profile editor in the browser and by POST /api/upload/image on the server.

/** SPEC.md section 9: images of at most 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Images larger than this many pixels are refused before decoding (a "pixel flood"). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The formats Agora accepts, recognised by their bytes on the server. */
export const IMAGE_MIME_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

/** The `accept` attribute of image file inputs. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(",");

/** The multipart field that carries the file. */
export const IMAGE_FIELD = "image";

export const IMAGE_MESSAGES = {
  invalidTitle: "Invalid file type",
  invalid: "Please select a valid image file",
  /** The image picker's wording of the same refusal. */
  pickerInvalid: "Please select an image file (JPG, PNG, GIF, etc.)",
  tooLargeTitle: "File too large",
  tooLarge: "Please select an image smaller than 5MB",
  tooManyPixels: "This image is too large to process. Please use a smaller image.",
  /** The server could not load its image library (sharp): nothing is stored unprocessed. */
  unavailable: "Image uploads are unavailable: the image library could not be loaded",
  missing: "Please select an image to upload",
  uploaded: "Image uploaded",
  uploadFailedTitle: "Upload failed",
  uploadFailed: "Failed to upload image. Please try again.",
  profileHint: "JPG, PNG up to 5MB",
} as const;

/** Why a chosen file cannot be uploaded (checked in the browser before sending), or null when it may be. */
export function imageFileProblem(file: { type: string; size: number }): "invalid" | "tooLarge" | null {
  if (!file.type.startsWith("image/")) return "invalid";
  if (file.size > MAX_IMAGE_BYTES) return "tooLarge";
  return null;
}

/** What an upload is for (`?purpose=`): a profile picture (the default), a group's pictures, or an image in a post, which new members may not upload (issue 14). */
export const UPLOAD_PURPOSES = ["profile", "group", "post"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

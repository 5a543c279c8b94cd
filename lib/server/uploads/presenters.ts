import "server-only";

/** What POST /api/upload/image answers (201): the stored image's URL. */
export function presentUploadedImage(url: string): { url: string } {
  return { url };
}

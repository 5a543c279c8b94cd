import "server-only";
import { AppError, badRequest } from "@/lib/server/errors";
import { IMAGE_FIELD, IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "@/lib/validation/uploads";

// Room for the multipart boundaries and part headers around the file itself.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () => new AppError("payload_too_large", IMAGE_MESSAGES.tooLargeTitle);

/**
 * The bytes of the file in multipart field `image`: 413 "File too large" as soon as the body
 * (declared or streamed) passes 5 MB and its envelope, before the rest is read; 400 when there
 * is no such file.
 */
export async function readImageUpload(req: Request): Promise<Buffer> {
  const limit = MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES;
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(contentType)) throw badRequest(IMAGE_MESSAGES.missing);

  const reader = req.body?.getReader();
  if (!reader) throw badRequest(IMAGE_MESSAGES.missing);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }

  let form: FormData;
  try {
    form = await new Response(Buffer.concat(chunks), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw badRequest(IMAGE_MESSAGES.missing);
  }
  const file = form.get(IMAGE_FIELD);
  if (!file || typeof file === "string") throw badRequest(IMAGE_MESSAGES.missing);
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
  if (file.size === 0) throw badRequest(IMAGE_MESSAGES.invalid);
  return Buffer.from(await file.arrayBuffer());
}

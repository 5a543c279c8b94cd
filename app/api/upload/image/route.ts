import { requireViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { charge } from "@/lib/server/rate-limit";
import { processImage, requireImageLibrary } from "@/lib/server/uploads/image";
import { readImageUpload } from "@/lib/server/uploads/multipart";
import { presentUploadedImage } from "@/lib/server/uploads/presenters";
import { storeImage } from "@/lib/server/uploads/storage";
import { requirePostImageTrust, trustLevelOf } from "@/lib/server/trust";
import { searchParamsOf } from "@/lib/validation/questions";
import { uploadQuerySchema } from "@/lib/validation/upload-query";

// POST /api/upload/image?purpose=profile|group|post - upload an image (multipart field `image`): checked by its bytes, re-encoded without metadata, stored
export const POST = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const { purpose } = uploadQuerySchema.parse(searchParamsOf(req.url)); // 400; profile (the default) and group pictures, or a post's image
  if (purpose === "post") requirePostImageTrust(await trustLevelOf(viewer)); // 403: new members cannot upload images into posts
  const file = await readImageUpload(req); // 400 no file, 413 over 5 MB (before reading it all)
  authorize(viewer, "image.upload"); // 403
  await requireImageLibrary(); // 503 when sharp could not be loaded: never stored with its EXIF/GPS
  await charge("uploadHourly", viewer.id); // 429
  const image = await processImage(file); // 415 not PNG/JPEG/GIF/WebP by its bytes, 400 pixel flood or undecodable
  const url = await storeImage(image);
  return Response.json(presentUploadedImage(url), { status: 201 });
});

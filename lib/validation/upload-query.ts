// The query of POST /api/upload/image: what the image is for (lib/validation/uploads.ts).
import { z } from "./zod";
import { UPLOAD_PURPOSES } from "@/lib/validation/uploads";

export const uploadQuerySchema = z.object({
  purpose: z.enum(UPLOAD_PURPOSES, { message: `purpose must be one of ${UPLOAD_PURPOSES.join(", ")}` }).default("profile"),
});

import "server-only";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { put } from "@vercel/blob";
import { IMAGE_EXTENSIONS, type ProcessedImage } from "@/lib/server/uploads/image";
import type { ImageMimeType } from "@/lib/validation/uploads";

/*
 * Where uploads live (DECISIONS.md section 5): Vercel Blob when BLOB_READ_WRITE_TOKEN is set,
 * so every instance sees them; otherwise files under `${AGORA_DATA_DIR ?? ".data"}/uploads`,
 * served by app/uploads/[name]/route.ts. Names are random; the member's file name is never used.
 */

/** How long a Blob upload may take before the request gives up. */
export const BLOB_TIMEOUT_MS = 20_000;

/** The names of stored uploads: 32 random hex digits and the format's extension. */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

const MIME_BY_EXTENSION: Record<string, ImageMimeType> = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp" };

/** The folder local uploads are written to. */
export function uploadsDir(): string {
  return path.resolve(process.env.AGORA_DATA_DIR?.trim() || ".data", "uploads");
}

/** Stores a checked, re-encoded image and returns its public URL (absolute on Blob, `/uploads/<name>` on disk). */
export async function storeImage(image: ProcessedImage): Promise<string> {
  const name = `${crypto.randomBytes(16).toString("hex")}.${IMAGE_EXTENSIONS[image.mime]}`;
  const token = process.env.BLOB_READ_WRITE_TOKEN?.trim();
  if (token) {
    const blob = await put(`uploads/${name}`, image.bytes, {
      access: "public",
      token,
      contentType: image.mime,
      addRandomSuffix: false,
      cacheControlMaxAge: 365 * 24 * 60 * 60,
      abortSignal: AbortSignal.timeout(BLOB_TIMEOUT_MS),
    });
    return blob.url;
  }
  const dir = uploadsDir();
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), image.bytes, { flag: "wx" });
  return `/uploads/${name}`;
}

/** A locally stored upload by name, or null for a name that is not one of ours or a missing file. */
export async function readLocalUpload(name: string): Promise<{ bytes: Buffer; mime: ImageMimeType } | null> {
  const match = UPLOAD_NAME.exec(name);
  if (!match) return null;
  try {
    const bytes = await fs.readFile(path.join(uploadsDir(), name));
    return { bytes, mime: MIME_BY_EXTENSION[match[1]!]! };
  } catch {
    return null;
  }
}

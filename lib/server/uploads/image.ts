import "server-only";
import type createSharp from "sharp";
import { AppError, badRequest } from "@/lib/server/errors";
import { IMAGE_MESSAGES, MAX_IMAGE_PIXELS, type ImageMimeType } from "@/lib/validation/uploads";

/*
 * An uploaded image is judged by its bytes only: the format by its magic number, the size by
 * its header, both before any decoder runs; then it is decoded and re-encoded in the same
 * format by sharp, which drops every metadata block (EXIF with its GPS position, XMP, comments).
 */

/** An image as it is stored: the re-encoded bytes, their format and dimensions. */
export interface ProcessedImage {
  bytes: Buffer;
  mime: ImageMimeType;
  width: number;
  height: number;
  /** False when sharp could not be loaded and the checked original bytes are kept. */
  reencoded: boolean;
}

/** The file name extension of each accepted format. */
export const IMAGE_EXTENSIONS: Record<ImageMimeType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (buf: Buffer, text: string, offset = 0) => startsWith(buf, [...text].map((c) => c.charCodeAt(0)), offset);

/** The image format named by a file's first bytes (PNG, JPEG, GIF or WebP), or null for anything else. */
export function sniffImageType(buf: Buffer): ImageMimeType | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (ascii(buf, "GIF87a") || ascii(buf, "GIF89a")) return "image/gif";
  if (ascii(buf, "RIFF") && ascii(buf, "WEBP", 8)) return "image/webp";
  return null;
}

function jpegDimensions(buf: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 4 <= buf.length) {
    if (buf[offset] !== 0xff) return null;
    const marker = buf[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RSTn, SOI, EOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      offset += 2;
      continue;
    }
    const length = buf.readUInt16BE(offset + 2);
    if (length < 2) return null;
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) {
      if (offset + 9 > buf.length) return null;
      return { height: buf.readUInt16BE(offset + 5), width: buf.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

function webpDimensions(buf: Buffer): { width: number; height: number } | null {
  if (buf.length < 30) return null;
  if (ascii(buf, "VP8 ", 12)) {
    if (!startsWith(buf, [0x9d, 0x01, 0x2a], 23)) return null;
    return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  }
  if (ascii(buf, "VP8L", 12)) {
    if (buf[20] !== 0x2f) return null;
    const bits = buf.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (ascii(buf, "VP8X", 12)) {
    return { width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/** The width and height an image's header declares, read without decoding it; null when the header is unreadable. */
export function readImageDimensions(buf: Buffer, mime: ImageMimeType): { width: number; height: number } | null {
  switch (mime) {
    case "image/png":
      if (buf.length < 24 || !ascii(buf, "IHDR", 12)) return null;
      return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
    case "image/gif":
      if (buf.length < 10) return null;
      return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
    case "image/jpeg":
      return jpegDimensions(buf);
    case "image/webp":
      return webpDimensions(buf);
  }
}

type SharpModule = typeof createSharp;
let sharpModule: Promise<SharpModule | null> | undefined;

/** sharp when it can be loaded (it ships with Next.js on most platforms), else null. */
function loadSharp(): Promise<SharpModule | null> {
  sharpModule ??= import("sharp")
    .then((m) => ((m as unknown as { default?: SharpModule }).default ?? m) as SharpModule)
    .catch((error: unknown) => {
      console.warn("sharp is unavailable; uploads are checked but stored without re-encoding:", error instanceof Error ? error.message : error);
      return null;
    });
  return sharpModule;
}

const invalidImage = () => new AppError("unsupported_media_type", IMAGE_MESSAGES.invalid);

/**
 * Checks an uploaded file and re-encodes it: 415 "Please select a valid image file" unless its
 * bytes are PNG, JPEG, GIF or WebP; 400 when its header is unreadable, when it declares more
 * than MAX_IMAGE_PIXELS pixels (refused before decoding) or when it does not decode.
 */
export async function processImage(buf: Buffer): Promise<ProcessedImage> {
  const mime = sniffImageType(buf);
  if (!mime) throw invalidImage();
  const size = readImageDimensions(buf, mime);
  if (!size || size.width < 1 || size.height < 1) throw badRequest(IMAGE_MESSAGES.invalid);
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw badRequest(IMAGE_MESSAGES.tooManyPixels);

  const sharp = await loadSharp();
  if (!sharp) return { bytes: buf, mime, width: size.width, height: size.height, reencoded: false };

  const animated = mime === "image/gif" || mime === "image/webp";
  try {
    // limitInputPixels covers every frame of an animation together, so a long one is refused too.
    let image = sharp(buf, { animated, limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" });
    if (!animated) image = image.rotate(); // bake the EXIF orientation in before the EXIF goes
    switch (mime) {
      case "image/png":
        image = image.png({ compressionLevel: 9 });
        break;
      case "image/jpeg":
        image = image.jpeg({ quality: 85, mozjpeg: true });
        break;
      case "image/gif":
        image = image.gif();
        break;
      case "image/webp":
        image = image.webp({ quality: 85 });
        break;
    }
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return { bytes: data, mime, width: info.width, height: info.pageHeight ?? info.height, reencoded: true };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw badRequest(IMAGE_MESSAGES.tooManyPixels);
    throw badRequest(IMAGE_MESSAGES.invalid);
  }
}

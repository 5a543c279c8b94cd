import "server-only";
import type createSharp from "sharp";
import { AppError, badRequest, serviceUnavailable } from "@/lib/server/errors";
import { IMAGE_MESSAGES, MAX_IMAGE_PIXELS, type ImageMimeType } from "@/lib/validation/uploads";
import { log } from "@/lib/server/log";

/*
 * An uploaded image is judged by its bytes only: the format by its magic number, the size by
 * its header, both before any decoder runs; then it is decoded and re-encoded in the same
 * format by sharp, which drops every metadata block (EXIF with its GPS position, XMP, comments).
 * Without sharp nothing is stored: uploads are refused with 503 (fail closed), and the server
 * says so once at start-up (checkImageLibrary, called from instrumentation.ts).
 */

/** An image as it is stored: the re-encoded bytes, their format and dimensions. */
export interface ProcessedImage {
  bytes: Buffer;
  mime: ImageMimeType;
  width: number;
  height: number;
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

function pngEnd(buf: Buffer): number | null {
  let offset = 8;
  while (offset + 12 <= buf.length) {
    const length = buf.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > buf.length) return null;
    if (ascii(buf, "IEND", offset + 4)) return end;
    offset = end;
  }
  return null;
}

function gifSubBlocksEnd(buf: Buffer, offset: number): number | null {
  while (offset < buf.length) {
    const size = buf[offset]!;
    offset += 1 + size;
    if (size === 0) return offset;
  }
  return null;
}

function gifEnd(buf: Buffer): number | null {
  if (buf.length < 13) return null;
  const colorTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let offset: number | null = 13 + colorTable(buf[10]!);
  while (offset !== null && offset < buf.length) {
    const block: number = buf[offset]!;
    if (block === 0x3b) return offset + 1; // trailer
    if (block === 0x21) offset = gifSubBlocksEnd(buf, offset + 2); // extension: introducer, label, sub-blocks
    else if (block === 0x2c && offset + 10 <= buf.length) offset = gifSubBlocksEnd(buf, offset + 10 + colorTable(buf[offset + 9]!) + 1);
    else return null;
  }
  return null;
}

function jpegEnd(buf: Buffer): number | null {
  let offset = 2;
  while (offset + 2 <= buf.length) {
    if (buf[offset] !== 0xff) return null;
    const marker = buf[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd9) return offset + 2; // end of image
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2;
      continue;
    }
    if (offset + 4 > buf.length) return null;
    offset += 2 + buf.readUInt16BE(offset + 2);
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker other than a stuffed 0xFF00 or a restart marker.
      while (offset + 1 < buf.length && !(buf[offset] === 0xff && buf[offset + 1] !== 0x00 && (buf[offset + 1]! < 0xd0 || buf[offset + 1]! > 0xd7))) offset++;
    }
  }
  return null;
}

/** Whether a JPEG carries a Multi-Picture Format index (phones append further pictures after the first image's end). */
function isMultiPictureJpeg(buf: Buffer): boolean {
  const head = buf.subarray(0, 64 * 1024);
  return head.includes(Buffer.from([0xff, 0xe2])) && head.includes(Buffer.from("MPF\0", "latin1"));
}

/**
 * Where the image the header describes ends, by walking its structure (PNG chunks to IEND,
 * GIF blocks to the trailer, JPEG segments to EOI, the RIFF length of WebP); null when the
 * structure cannot be followed, which the decoder then judges.
 */
export function imageByteLength(buf: Buffer, mime: ImageMimeType): number | null {
  switch (mime) {
    case "image/png":
      return pngEnd(buf);
    case "image/gif":
      return gifEnd(buf);
    case "image/jpeg":
      return jpegEnd(buf);
    case "image/webp":
      if (buf.length < 12) return null;
      return 8 + buf.readUInt32LE(4) + (buf.readUInt32LE(4) % 2);
  }
}

/**
 * Whether something follows the end of the image (a second file appended to make a polyglot
 * that other programs read as an archive, script or page); zero padding does not count, nor the
 * further pictures of a Multi-Picture JPEG.
 */
export function hasTrailingData(buf: Buffer, mime: ImageMimeType): boolean {
  const end = imageByteLength(buf, mime);
  if (end === null || end >= buf.length) return false;
  if (mime === "image/jpeg" && isMultiPictureJpeg(buf)) return false;
  return buf.subarray(end).some((byte) => byte !== 0);
}

type SharpModule = typeof createSharp;
let sharpModule: Promise<SharpModule | null> | undefined;

/** sharp when it can be loaded (it ships with Next.js on most platforms), else null, said once in the log. */
function loadSharp(): Promise<SharpModule | null> {
  sharpModule ??= import("sharp")
    .then((m) => ((m as unknown as { default?: SharpModule }).default ?? m) as SharpModule)
    .catch((error: unknown) => {
      log.error({ error: error instanceof Error ? error.message.split("\n")[0] : String(error) }, `${IMAGE_MESSAGES.unavailable}; image uploads answer 503 until sharp can be loaded`);
      return null;
    });
  return sharpModule;
}

/** Loads the image library at start-up so a missing one is reported once, before anyone uploads. */
export async function checkImageLibrary(): Promise<boolean> {
  return (await loadSharp()) !== null;
}

/** Throws 503 when the image library could not be loaded: an upload is never stored with its metadata. */
export async function requireImageLibrary(): Promise<SharpModule> {
  const sharp = await loadSharp();
  if (!sharp) throw serviceUnavailable(IMAGE_MESSAGES.unavailable);
  return sharp;
}

const invalidImage = () => new AppError("unsupported_media_type", IMAGE_MESSAGES.invalid);

/**
 * Checks an uploaded file and re-encodes it: 415 "Please select a valid image file" unless its
 * bytes are PNG, JPEG, GIF or WebP; 400 when its header is unreadable, when it declares more
 * than MAX_IMAGE_PIXELS pixels (refused before decoding), when another file follows the image's
 * end, or when it does not decode.
 */
export async function processImage(buf: Buffer): Promise<ProcessedImage> {
  const mime = sniffImageType(buf);
  if (!mime) throw invalidImage();
  const size = readImageDimensions(buf, mime);
  if (!size || size.width < 1 || size.height < 1) throw badRequest(IMAGE_MESSAGES.invalid);
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw badRequest(IMAGE_MESSAGES.tooManyPixels);
  if (hasTrailingData(buf, mime)) throw badRequest(IMAGE_MESSAGES.invalid);

  const sharp = await requireImageLibrary();

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
    return { bytes: data, mime, width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw badRequest(IMAGE_MESSAGES.tooManyPixels);
    throw badRequest(IMAGE_MESSAGES.invalid);
  }
}

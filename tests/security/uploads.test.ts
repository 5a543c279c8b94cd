/** @jest-environment node */
// Weaknesses guarded against in POST /api/upload/image: decompression bombs (pixel floods that
// exhaust memory), files that are not images (SVG with script, HTML, TIFF) served from Agora's
// origin, polyglots (an image with another file appended after its end), and oversized bodies.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { db } from "@/lib/server/db";
import { closeRateLimitStore, resetLimit } from "@/lib/server/rate-limit";
import { IMAGE_MESSAGES } from "@/lib/validation/uploads";
import { callRoute, createMember, discoverRoutes, routeKey, type ApiRoute } from "@/tests/security/support";

const MEMORY_CEILING_BYTES = 512 * 1024 * 1024;

let route: ApiRoute;
let member: { user: { id: string }; cookie: string };
let dataDir: string;
const savedDataDir = process.env.AGORA_DATA_DIR;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-upload-sec-"));
  process.env.AGORA_DATA_DIR = dataDir;
  route = (await discoverRoutes()).find((r) => routeKey(r) === "POST /api/upload/image")!;
  member = await createMember("uploader");
});

afterAll(async () => {
  process.env.AGORA_DATA_DIR = savedDataDir;
  fs.rmSync(dataDir, { recursive: true, force: true });
  await closeRateLimitStore();
  await db.$disconnect();
});

const storedFiles = () => (fs.existsSync(path.join(dataDir, "uploads")) ? fs.readdirSync(path.join(dataDir, "uploads")) : []);

async function upload(bytes: Buffer, name: string, type: string) {
  await resetLimit("uploadHourly", member.user.id);
  const form = new FormData();
  form.append("image", new File([new Uint8Array(bytes)], name, { type }));
  const res = await callRoute(route, { cookie: member.cookie, body: form });
  return { status: res.status, message: (JSON.parse(res.text) as { message?: string }).message };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
};

/** A well-formed PNG header declaring width x height pixels, with almost no pixel data: a pixel flood. */
function floodPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk("IEND", Buffer.alloc(0))]);
}

const small = (format: "png" | "jpeg" | "gif" | "webp" | "tiff") =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#2266aa" } })[format]().toBuffer();

/** A zip archive holding one file: what a polyglot usually carries after the image. */
const ZIP = Buffer.concat([Buffer.from("PK\x03\x04\x14\x00\x00\x00\x00\x00", "latin1"), Buffer.alloc(16), Buffer.from("payload.php<?php system($_GET['c']); ?>", "latin1")]);

describe("POST /api/upload/image refuses what is not a plain image", () => {
  let peakRss = 0;
  let sampler: NodeJS.Timeout;

  beforeAll(() => {
    peakRss = process.memoryUsage().rss;
    sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
  });

  afterAll(() => clearInterval(sampler));

  it("refuses a 20000 x 20000 PNG (pixel flood) before decoding it", async () => {
    expect(await upload(floodPng(20_000, 20_000), "flood.png", "image/png")).toEqual({ status: 400, message: IMAGE_MESSAGES.tooManyPixels });
  });

  it("refuses other absurd declared sizes (65535 x 65535, 1 x 4294967295)", async () => {
    expect((await upload(floodPng(65_535, 65_535), "wide.png", "image/png")).status).toBe(400);
    expect((await upload(floodPng(1, 0xffffffff), "tall.png", "image/png")).status).toBe(400);
  });

  it("refuses bytes that are not an image, whatever the name and type say (415 Please select a valid image file)", async () => {
    const refusal = { status: 415, message: IMAGE_MESSAGES.invalid };
    expect(await upload(Buffer.from("just some text, not a picture"), "photo.png", "image/png")).toEqual(refusal);
    expect(await upload(Buffer.from("<html><script>alert(document.cookie)</script></html>"), "page.jpg", "image/jpeg")).toEqual(refusal);
    expect(await upload(Buffer.alloc(1024), "zeros.gif", "image/gif")).toEqual(refusal);
  });

  it("refuses an SVG with a script (415)", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script><circle r="4"/></svg>');
    expect(await upload(svg, "logo.svg", "image/svg+xml")).toEqual({ status: 415, message: IMAGE_MESSAGES.invalid });
  });

  it("refuses a TIFF (415)", async () => {
    expect(await upload(await small("tiff"), "scan.tiff", "image/tiff")).toEqual({ status: 415, message: IMAGE_MESSAGES.invalid });
  });

  it.each(["png", "jpeg", "gif", "webp"] as const)("refuses a %s with a second file appended after its end (polyglot)", async (format) => {
    const image = await small(format);
    expect((await upload(image, `ok.${format}`, `image/${format}`)).status).toBe(201);
    expect(await upload(Buffer.concat([image, ZIP]), `poly.${format}`, `image/${format}`)).toEqual({ status: 400, message: IMAGE_MESSAGES.invalid });
    expect(await upload(Buffer.concat([image, await small("png")]), `two.${format}`, `image/${format}`)).toEqual({ status: 400, message: IMAGE_MESSAGES.invalid });
  });

  it("refuses a 6 MB file (413 File too large)", async () => {
    const big = Buffer.concat([await small("png"), Buffer.alloc(6 * 1024 * 1024, 1)]);
    expect(await upload(big, "big.png", "image/png")).toEqual({ status: 413, message: IMAGE_MESSAGES.tooLargeTitle });
  });

  it("stored only the accepted images, and stayed under 512 MB of memory throughout", () => {
    expect(storedFiles()).toHaveLength(4);
    expect(peakRss).toBeGreaterThan(0);
    expect(peakRss).toBeLessThan(MEMORY_CEILING_BYTES);
    console.info(`uploads: peak RSS ${Math.round(peakRss / 1024 / 1024)} MB`);
  });
});

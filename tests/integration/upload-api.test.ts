/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { db } from "@/lib/server/db";
import { POST as uploadRoute } from "@/app/api/upload/image/route";
import { GET as serveUpload } from "@/app/uploads/[name]/route";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { readImageDimensions, sniffImageType } from "@/lib/server/uploads/image";
import { createUser, routeContext, sessionCookie } from "@/tests/factories";

let member: { id: string };
let dataDir: string;
const savedEnv = { dir: process.env.AGORA_DATA_DIR, blob: process.env.BLOB_READ_WRITE_TOKEN };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-uploads-"));
  process.env.AGORA_DATA_DIR = dataDir;
  delete process.env.BLOB_READ_WRITE_TOKEN;
  member = await createUser({ tag: "uploader" });
});

afterAll(async () => {
  process.env.AGORA_DATA_DIR = savedEnv.dir;
  if (savedEnv.blob !== undefined) process.env.BLOB_READ_WRITE_TOKEN = savedEnv.blob;
  fs.rmSync(dataDir, { recursive: true, force: true });
  await closeRateLimitStore();
  await db.$disconnect();
});

async function upload(user: { id: string } | null, file: { bytes: Buffer | Uint8Array; name: string; type: string } | null, headers: Record<string, string> = {}) {
  const form = new FormData();
  if (file) form.append("image", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  else form.append("other", "x");
  const h = new Headers(headers);
  if (user) h.set("Cookie", await sessionCookie(user));
  const res = await uploadRoute(new Request("http://localhost/api/upload/image", { method: "POST", body: form, headers: h }), routeContext());
  return { res, body: await res.json() };
}

const png = (width = 8, height = 8) => sharp({ create: { width, height, channels: 3, background: "#3366ff" } }).png().toBuffer();

function nameOf(url: string) {
  expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/);
  return url.slice("/uploads/".length);
}

describe("POST /api/upload/image", () => {
  it("answers 401 Unauthorized to visitors", async () => {
    const { res, body } = await upload(null, { bytes: await png(), name: "a.png", type: "image/png" });
    expect(res.status).toBe(401);
    expect(body.message).toContain("Unauthorized");
  });

  it("accepts a PNG named .txt with a text type (the bytes decide), answers 201 { url } and serves it", async () => {
    const { res, body } = await upload(member, { bytes: await png(12, 7), name: "notes.txt", type: "text/plain" });
    expect(res.status).toBe(201);
    expect(Object.keys(body)).toEqual(["url"]);
    const name = nameOf(body.url);
    expect(name.endsWith(".png")).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "uploads", name))).toBe(true);

    const served = await serveUpload(new Request(`http://localhost${body.url}`), { params: Promise.resolve({ name }) });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Cache-Control")).toContain("max-age=31536000");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 12, 7]);
  });

  it("accepts JPEG, GIF and WebP (lossy and lossless), keeping their format; dimensions come from the header", async () => {
    const base = sharp({ create: { width: 10, height: 6, channels: 3, background: "#ff8800" } });
    for (const [bytes, ext] of [
      [await base.clone().jpeg().toBuffer(), "jpg"],
      [await base.clone().gif().toBuffer(), "gif"],
      [await base.clone().webp().toBuffer(), "webp"],
      [await base.clone().webp({ lossless: true }).toBuffer(), "webp"],
    ] as const) {
      const mime = sniffImageType(bytes);
      expect(mime).not.toBeNull();
      expect(readImageDimensions(bytes, mime!)).toEqual({ width: 10, height: 6 });
      const { res, body } = await upload(member, { bytes, name: "image", type: "application/octet-stream" });
      expect(res.status).toBe(201);
      expect(nameOf(body.url).endsWith(`.${ext}`)).toBe(true);
    }
  });

  it("refuses a text file named .png with an image type: 415 Please select a valid image file", async () => {
    const { res, body } = await upload(member, { bytes: Buffer.from("<svg onload=alert(1)>hello</svg>"), name: "evil.png", type: "image/png" });
    expect(res.status).toBe(415);
    expect(body.message).toBe("Please select a valid image file");
  });

  it("refuses SVG, which is not one of the accepted formats", async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
    const { res } = await upload(member, { bytes: svg, name: "a.svg", type: "image/svg+xml" });
    expect(res.status).toBe(415);
  });

  it("answers 400 when there is no image field", async () => {
    const { res, body } = await upload(member, null);
    expect(res.status).toBe(400);
    expect(body.message).toBe("Please select an image to upload");
  });

  it("answers 413 File too large for a file over 5 MB", async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const { res, body } = await upload(member, { bytes: big, name: "big.png", type: "image/png" });
    expect(res.status).toBe(413);
    expect(body.message).toBe("File too large");
  });

  it("answers 413 from the declared length alone, before reading the body", async () => {
    const { res } = await upload(member, { bytes: await png(), name: "a.png", type: "image/png" }, { "Content-Length": String(50 * 1024 * 1024) });
    expect(res.status).toBe(413);
  });

  it("refuses a pixel flood (a tiny PNG declaring 100000 x 100000 pixels) before decoding it", async () => {
    const flood = Buffer.from(await png(1, 1));
    flood.writeUInt32BE(100_000, 16);
    flood.writeUInt32BE(100_000, 20);
    expect(readImageDimensions(flood, "image/png")).toEqual({ width: 100_000, height: 100_000 });
    const { res, body } = await upload(member, { bytes: flood, name: "flood.png", type: "image/png" });
    expect(res.status).toBe(400);
    expect(body.message).toBe("This image is too large to process. Please use a smaller image.");
  });

  it("refuses bytes that look like a PNG but do not decode", async () => {
    const broken = Buffer.from(await png(4, 4)).subarray(0, 40);
    const { res, body } = await upload(member, { bytes: broken, name: "broken.png", type: "image/png" });
    expect(res.status).toBe(400);
    expect(body.message).toBe("Please select a valid image file");
  });

  it("strips metadata (EXIF with a GPS note and copyright) when re-encoding", async () => {
    const withExif = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#00aa55" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "SECRET-OWNER", ImageDescription: "taken at 48.8584N 2.2945E" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const { res, body } = await upload(member, { bytes: withExif, name: "photo.jpg", type: "image/jpeg" });
    expect(res.status).toBe(201);
    const stored = fs.readFileSync(path.join(dataDir, "uploads", nameOf(body.url)));
    expect(sniffImageType(stored)).toBe("image/jpeg");
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes(Buffer.from("SECRET-OWNER"))).toBe(false);
  });
});

describe("GET /uploads/:name", () => {
  it("answers 404 for unknown names and anything that is not one of ours (no path traversal)", async () => {
    for (const name of ["../../package.json", "..%2F..%2Fpackage.json", "0123456789abcdef0123456789abcdef.png", "x.png", ".env"]) {
      const res = await serveUpload(new Request("http://localhost/uploads/x"), { params: Promise.resolve({ name }) });
      expect(res.status).toBe(404);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });
});

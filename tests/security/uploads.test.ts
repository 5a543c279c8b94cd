/** @jest-environment node */
// Weaknesses guarded against in POST /api/upload/image: decompression bombs (pixel floods that
// exhaust memory), files that are not images (SVG with script, HTML, TIFF) served from Agora's
// origin, polyglots (an image with another file appended after its end), and oversized bodies.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { resetLimit } from "@/lib/server/rate-limit";
import { IMAGE_MESSAGES } from "@/lib/validation/uploads";
import { hostileUploads, SCRIPTED_SVG, smallImage, ZIP, floodPng } from "@/tests/security/hostile-images";
import { callRoute, createMember, discoverRoutes, isolateTestFile, routeKey, type ApiRoute } from "@/tests/security/support";

const MEMORY_CEILING_BYTES = 512 * 1024 * 1024;
const root = path.resolve(__dirname, "../..");

let route: ApiRoute;
let member: { user: { id: string }; cookie: string };
const files = isolateTestFile("upload-sec");

beforeAll(async () => {
  route = (await discoverRoutes()).find((r) => routeKey(r) === "POST /api/upload/image")!;
  member = await createMember("uploader");
});

const storedFiles = () => (fs.existsSync(path.join(files.dataDir, "uploads")) ? fs.readdirSync(path.join(files.dataDir, "uploads")) : []);

async function upload(bytes: Buffer, name: string, type: string) {
  await resetLimit("uploadHourly", member.user.id);
  const form = new FormData();
  form.append("image", new File([new Uint8Array(bytes)], name, { type }));
  const res = await callRoute(route, { cookie: member.cookie, body: form });
  return { status: res.status, message: (JSON.parse(res.text) as { message?: string }).message };
}

describe("POST /api/upload/image refuses what is not a plain image", () => {
  it("refuses a 20000 x 20000 PNG (pixel flood) before decoding it", async () => {
    expect(await upload(floodPng(20_000, 20_000), "flood.png", "image/png")).toEqual({ status: 400, message: IMAGE_MESSAGES.tooManyPixels });
  });

  it("refuses other absurd declared sizes (65535 x 65535, 1 x 4294967295)", async () => {
    expect(await upload(floodPng(65_535, 65_535), "wide.png", "image/png")).toEqual({ status: 400, message: IMAGE_MESSAGES.tooManyPixels });
    expect(await upload(floodPng(1, 0xffffffff), "tall.png", "image/png")).toEqual({ status: 400, message: IMAGE_MESSAGES.tooManyPixels });
  });

  it("refuses bytes that are not an image, whatever the name and type say (415 Please select a valid image file)", async () => {
    const refusal = { status: 415, message: IMAGE_MESSAGES.invalid };
    expect(await upload(Buffer.from("just some text, not a picture"), "photo.png", "image/png")).toEqual(refusal);
    expect(await upload(Buffer.from("<html><script>alert(document.cookie)</script></html>"), "page.jpg", "image/jpeg")).toEqual(refusal);
    expect(await upload(Buffer.alloc(1024), "zeros.gif", "image/gif")).toEqual(refusal);
  });

  it("refuses an SVG with a script (415)", async () => {
    expect(await upload(SCRIPTED_SVG, "logo.svg", "image/svg+xml")).toEqual({ status: 415, message: IMAGE_MESSAGES.invalid });
  });

  it("refuses a TIFF (415)", async () => {
    expect(await upload(await smallImage("tiff"), "scan.tiff", "image/tiff")).toEqual({ status: 415, message: IMAGE_MESSAGES.invalid });
  });

  it.each(["png", "jpeg", "gif", "webp"] as const)("refuses a %s with a second file appended after its end (polyglot)", async (format) => {
    const image = await smallImage(format);
    expect((await upload(image, `ok.${format}`, `image/${format}`)).status).toBe(201);
    expect(await upload(Buffer.concat([image, ZIP]), `poly.${format}`, `image/${format}`)).toEqual({ status: 400, message: IMAGE_MESSAGES.invalid });
    expect(await upload(Buffer.concat([image, await smallImage("png")]), `two.${format}`, `image/${format}`)).toEqual({ status: 400, message: IMAGE_MESSAGES.invalid });
  });

  it("refuses a 6 MB file (413 File too large)", async () => {
    const big = Buffer.concat([await smallImage("png"), Buffer.alloc(6 * 1024 * 1024, 1)]);
    expect(await upload(big, "big.png", "image/png")).toEqual({ status: 413, message: IMAGE_MESSAGES.tooLargeTitle });
  });

  it("stored only the genuine images", () => {
    expect(storedFiles()).toHaveLength(4);
  });
});

describe("memory", () => {
  it("a server process handling every hostile upload stays under 512 MB of resident memory", async () => {
    // A process of its own: the test runner's memory holds whatever other test files left behind.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(root, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", path.join(__dirname, "upload-memory-probe.ts")],
      { cwd: root, env: { ...process.env, NODE_OPTIONS: "" }, maxBuffer: 1024 * 1024 },
    );
    const { statuses, peakRss } = JSON.parse(stdout) as { statuses: Record<string, number>; peakRss: number };
    const expected = Object.fromEntries((await hostileUploads()).map((f) => [f.label, f.status]));
    expect(statuses).toEqual(expected);
    expect(peakRss).toBeGreaterThan(0);
    expect(peakRss).toBeLessThan(MEMORY_CEILING_BYTES);
    console.info(`uploads: peak RSS of the probe process ${Math.round(peakRss / 1024 / 1024)} MB`);
  }, 60_000);
});

/** @jest-environment node */
// When the image library (sharp) cannot be loaded, uploads fail closed: 503 with a clear message
// and nothing stored (never the original bytes with their EXIF and GPS), and the server says so
// once in its log, at start-up (checkImageLibrary) rather than at each upload.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { db } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { createUser, routeContext, sessionCookie } from "@/tests/factories";

jest.mock("sharp", () => {
  throw new Error("Could not load the \"sharp\" module using the linux-x64 runtime");
});

// A 1x1 JPEG carrying an EXIF block with a GPS position, as a phone would send it.
const JPEG_WITH_GPS = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/4QBKRXhpZgAATU0AKgAAAAgAAYglAAQAAAABAAAAGgAAAAAAAgABAAIAAAACTgAAAAACAAUAAAADAAAARAAAAAAAAAA0AAAAAQAAABIAAAAB/9sAQwADAgICAgIDAgICAwMDAwQGBAQEBAQIBgYFBgkICgoJCAkJCgwPDAoLDgsJCQ0RDQ4PEBAREAoMEhMSEBMPEBAQ/8AACwgAAQABAQERAP/EABQAAQAAAAAAAAAAAAAAAAAAAAn/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/9oACAEBAAA/AFT/2Q==",
  "base64",
);

let dataDir: string;
const savedDir = process.env.AGORA_DATA_DIR;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-no-sharp-"));
  process.env.AGORA_DATA_DIR = dataDir;
  delete process.env.BLOB_READ_WRITE_TOKEN;
});

afterAll(async () => {
  process.env.AGORA_DATA_DIR = savedDir;
  fs.rmSync(dataDir, { recursive: true, force: true });
  await closeRateLimitStore();
  await db.$disconnect();
});

it("refuses uploads with 503 and stores nothing, and reports the missing library once", async () => {
  const errors = jest.spyOn(log, "error").mockImplementation(() => undefined);
  const { checkImageLibrary } = await import("@/lib/server/uploads/image");
  const { POST: uploadRoute } = await import("@/app/api/upload/image/route");

  // Start-up check (instrumentation.ts): one line naming the problem.
  expect(await checkImageLibrary()).toBe(false);
  expect(errors).toHaveBeenCalledTimes(1);
  expect(JSON.stringify(errors.mock.calls[0])).toContain("Image uploads are unavailable: the image library could not be loaded");

  const member = await createUser({ tag: "no-sharp" });
  for (let i = 0; i < 2; i++) {
    const form = new FormData();
    form.append("image", new File([new Uint8Array(JPEG_WITH_GPS)], "phone.jpg", { type: "image/jpeg" }));
    const req = new Request("http://localhost/api/upload/image", { method: "POST", body: form, headers: { Cookie: await sessionCookie(member) } });
    const res = await uploadRoute(req, routeContext());
    expect(res.status).toBe(503);
    expect((await res.json()).message).toBe("Image uploads are unavailable: the image library could not be loaded");
  }
  expect(errors).toHaveBeenCalledTimes(1); // said once, not per upload
  const stored = fs.existsSync(path.join(dataDir, "uploads")) ? fs.readdirSync(path.join(dataDir, "uploads")) : [];
  expect(stored).toEqual([]);
  errors.mockRestore();
});

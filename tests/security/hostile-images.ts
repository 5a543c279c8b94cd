// The hostile files the upload checks are tried with, shared by tests/security/uploads.test.ts
// and the memory probe it runs in a process of its own.
import sharp from "sharp";

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

/** A well-formed PNG declaring width x height pixels, with almost no pixel data: a pixel flood. */
export function floodPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const idat = Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", idat), chunk("IEND", Buffer.alloc(0))]);
}

/** A genuine 8 x 8 image in the format. */
export const smallImage = (format: "png" | "jpeg" | "gif" | "webp" | "tiff") =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#2266aa" } })[format]().toBuffer();

/** A zip archive holding a script: what a polyglot usually carries after the image. */
export const ZIP = Buffer.concat([
  Buffer.from("PK\x03\x04\x14\x00\x00\x00\x00\x00", "latin1"),
  Buffer.alloc(16),
  Buffer.from("payload.php<?php system($_GET['c']); ?>", "latin1"),
]);

/** An SVG that runs a script when opened from Agora's origin. */
export const SCRIPTED_SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script><circle r="4"/></svg>');

/** Every refused file with its name, declared type and the status the server must answer. */
export async function hostileUploads(): Promise<{ label: string; bytes: Buffer; name: string; type: string; status: number }[]> {
  const list = [
    { label: "20000 x 20000 PNG", bytes: floodPng(20_000, 20_000), name: "flood.png", type: "image/png", status: 400 },
    { label: "65535 x 65535 PNG", bytes: floodPng(65_535, 65_535), name: "wide.png", type: "image/png", status: 400 },
    { label: "text named .png", bytes: Buffer.from("just some text, not a picture"), name: "photo.png", type: "image/png", status: 415 },
    { label: "SVG with script", bytes: SCRIPTED_SVG, name: "logo.svg", type: "image/svg+xml", status: 415 },
    { label: "TIFF", bytes: await smallImage("tiff"), name: "scan.tiff", type: "image/tiff", status: 415 },
    { label: "6 MB file", bytes: Buffer.concat([await smallImage("png"), Buffer.alloc(6 * 1024 * 1024, 1)]), name: "big.png", type: "image/png", status: 413 },
  ];
  for (const format of ["png", "jpeg", "gif", "webp"] as const) {
    list.push({ label: `${format} + zip`, bytes: Buffer.concat([await smallImage(format), ZIP]), name: `poly.${format}`, type: `image/${format}`, status: 400 });
  }
  return list;
}

/** The multipart request a browser sends for one file in field `image`. */
export function uploadRequest(file: { bytes: Buffer; name: string; type: string }, headers: Record<string, string> = {}): Request {
  const form = new FormData();
  form.append("image", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return new Request("http://localhost/api/upload/image", { method: "POST", body: form, headers });
}

// Makes the files of public/ from the logo (app/icon.svg): favicon.ico (16, 32 and 48 px),
// apple-touch-icon.png (180 px, opaque), icon-192.png and icon-512.png (web manifest), and the
// default Open Graph image og-image.png (1200x630). Run after changing the logo:
//   npx tsx scripts/make-public-assets.ts
// The PNGs are committed; the text of the Open Graph image uses the machine's sans-serif font.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(__dirname, "..");
const out = (name: string) => path.join(root, "public", name);
const logo = fs.readFileSync(path.join(root, "app/icon.svg"));

const png = (size: number, background?: string) => {
  const image = sharp(logo, { density: Math.ceil((72 * size) / 32) }).resize(size, size);
  return (background ? image.flatten({ background }) : image).png({ compressionLevel: 9 }).toBuffer();
};

/** An ICO file holding PNG images (supported by every current browser). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.data)]);
}

async function main() {
  fs.mkdirSync(path.join(root, "public"), { recursive: true });
  const sizes = [16, 32, 48];
  fs.writeFileSync(out("favicon.ico"), ico(await Promise.all(sizes.map(async (size) => ({ size, data: await png(size) })))));
  // iOS shows transparency as black: the touch icon sits on the light background.
  const touch = await sharp({ create: { width: 180, height: 180, channels: 4, background: "#fcfcfe" } })
    .composite([{ input: await png(148) }])
    .png({ compressionLevel: 9 })
    .toBuffer();
  fs.writeFileSync(out("apple-touch-icon.png"), touch);
  fs.writeFileSync(out("icon-192.png"), await png(192));
  fs.writeFileSync(out("icon-512.png"), await png(512));

  const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0%" stop-color="#1b1530"/><stop offset="100%" stop-color="#2d1f5e"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <text x="600" y="430" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="104" font-weight="bold" fill="#ffffff">Agora</text>
  <text x="600" y="510" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="40" fill="#d8d2ff">Community questions, instant AI answers</text>
</svg>`;
  const image = await sharp(Buffer.from(og))
    .composite([{ input: await png(200), top: 110, left: 500 }])
    .png({ compressionLevel: 9 })
    .toBuffer();
  fs.writeFileSync(out("og-image.png"), image);
  console.log("public/: favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png, og-image.png");
}

void main();

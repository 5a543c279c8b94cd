import zlib from "node:zlib";

/*
 * gzip for cache hits without compressing the page on every hit. A stored page is cut at its
 * nonce; each piece is deflated once, when stored, ending on a sync flush (a byte boundary, no
 * final block), so the pieces can be laid end to end in one deflate stream. On a hit, the fresh
 * nonce goes between them as an uncompressed ("stored") block, a final empty block closes the
 * stream, and the gzip trailer carries the CRC-32 and length of the whole page. Any gzip reader
 * inflates it to exactly the page with the new nonce (tests/integration/page-cache-layer.test.ts).
 */

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]);
// BFINAL = 1, fixed Huffman codes, end of block: the same two bytes zlib ends a flushed stream with.
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/** Each piece deflated on its own, ending byte-aligned with a sync flush. */
export function deflatePieces(pieces: readonly Buffer[], level: number): Buffer[] {
  return pieces.map((piece) => zlib.deflateRawSync(piece, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
}

/** A non-final stored deflate block holding `data` (at most 65,535 bytes; a nonce is 24). */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0x00; // BFINAL = 0, BTYPE = 00, padded to the byte boundary
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

/** The gzip of pieces[0] + nonce + pieces[1] + nonce + ... + pieces[n-1], from their deflated forms. */
export function gzipJoined(pieces: readonly Buffer[], deflated: readonly Buffer[], nonce: Buffer): Buffer {
  if (nonce.length > 65_535) throw new Error("nonce too long");
  const between = storedBlock(nonce);
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (let i = 0; i < pieces.length; i++) {
    if (i > 0) {
      out.push(between);
      crc = zlib.crc32(nonce, crc);
      length += nonce.length;
    }
    out.push(deflated[i]!);
    crc = zlib.crc32(pieces[i]!, crc);
    length += pieces[i]!.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  out.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(out);
}

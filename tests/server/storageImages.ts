import { crc32, deflateSync } from 'node:zlib';

/**
 * Small real images made by the tests, byte by byte from the formats' specifications, with the width
 * and height the test chooses: what server/lib/imageBytes.ts must read back. Each is a whole file a
 * decoder accepts (the PNG's pixels deflated, the JPEG's blocks Huffman-coded, the GIF's LZW codes),
 * not only a header.
 */

const u16be = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const u16le = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff]);
const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32be(data.length), typed, u32be(crc32(typed))]);
}

/** An RGB PNG of the size, every pixel the colour; `comment` bytes of text in a tEXt chunk make it as large as a test needs. */
export function png(width: number, height: number, rgb: [number, number, number] = [200, 40, 90], comment = 0): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const ihdr = Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...(comment > 0 ? [pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(comment, 0x61)]))] : []),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const segment = (marker: number, data: Buffer) => Buffer.concat([Buffer.from([0xff, marker]), u16be(data.length + 2), data]);

/**
 * A greyscale JPEG of the size, every block flat grey: quantisation table of ones, one-code Huffman
 * tables (DC category 0, AC end-of-block), so each 8x8 block is the two bits '00'. `sof` picks the
 * frame header's marker (0xC0 baseline; others make a header-only variant of that kind).
 */
export function jpeg(width: number, height: number, sof = 0xc0): Buffer {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = '00'.repeat(blocks);
  const padded = bits.padEnd(Math.ceil(bits.length / 8) * 8, '1');
  const scan = Buffer.from(Array.from({ length: padded.length / 8 }, (_, i) => parseInt(padded.slice(i * 8, i * 8 + 8), 2)));
  const oneCode = (tableClass: number) => Buffer.concat([Buffer.from([tableClass]), Buffer.from([1, ...Array<number>(15).fill(0)]), Buffer.from([0])]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.concat([Buffer.from('JFIF\0', 'latin1'), Buffer.from([1, 1, 0]), u16be(1), u16be(1), Buffer.from([0, 0])])),
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    segment(sof, Buffer.concat([Buffer.from([8]), u16be(height), u16be(width), Buffer.from([1, 1, 0x11, 0])])),
    segment(0xc4, oneCode(0x00)),
    segment(0xc4, oneCode(0x10)),
    segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/**
 * A two-colour GIF of the size, every pixel colour 0. LZW with 2-bit minimum code size: a clear code
 * before every second pixel keeps the codes 3 bits wide (the table never reaches 8 entries).
 */
export function gif(width: number, height: number): Buffer {
  const codes: number[] = [];
  for (let i = 0; i < width * height; i++) {
    if (i % 2 === 0) codes.push(4);
    codes.push(0);
  }
  codes.push(5);
  const bytes: number[] = [];
  let acc = 0;
  let n = 0;
  for (const code of codes) {
    acc |= code << n;
    n += 3;
    while (n >= 8) {
      bytes.push(acc & 0xff);
      acc >>= 8;
      n -= 8;
    }
  }
  if (n > 0) bytes.push(acc & 0xff);
  const blocks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 255) {
    const part = bytes.slice(i, i + 255);
    blocks.push(Buffer.from([part.length, ...part]));
  }
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    u16le(width),
    u16le(height),
    Buffer.from([0x80, 0, 0]),
    Buffer.from([0, 0, 0, 255, 255, 255]),
    Buffer.from([0x2c]),
    u16le(0),
    u16le(0),
    u16le(width),
    u16le(height),
    Buffer.from([0]),
    Buffer.from([2]),
    ...blocks,
    Buffer.from([0, 0x3b]),
  ]);
}

function riff(chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...chunks]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(body.length), body]);
}
function webpChunk(type: string, data: Buffer): Buffer {
  const padded = data.length % 2 === 1 ? Buffer.concat([data, Buffer.from([0])]) : data;
  return Buffer.concat([Buffer.from(type, 'latin1'), u32le(data.length), padded]);
}

/** 1x1 WebP files written by libwebp (lossy VP8, lossless VP8L, extended VP8X with alpha): real encoder output. */
export const LIBWEBP_1X1 = {
  vp8: Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64'),
  vp8l: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  vp8x: Buffer.from('UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA==', 'base64'),
};

/**
 * WebP files of the size, their headers packed as the WebP container specification says: VP8 (a key
 * frame's 14-bit width and height after its start code), VP8L (width-1 and height-1 in 14 bits each
 * after the 0x2F signature) or VP8X (width-1 and height-1 in 24 bits each), followed by image data
 * bytes the readers of sizes do not decode.
 */
export function webp(kind: 'vp8' | 'vp8l' | 'vp8x', width: number, height: number): Buffer {
  const data = Buffer.alloc(12, 0x55);
  const vp8l = () => webpChunk('VP8L', Buffer.concat([Buffer.from([0x2f]), u32le(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14)), data]));
  if (kind === 'vp8') return riff([webpChunk('VP8 ', Buffer.concat([Buffer.from([0x50, 0x02, 0x00, 0x9d, 0x01, 0x2a]), u16le(width), u16le(height), data]))]);
  if (kind === 'vp8l') return riff([vp8l()]);
  const canvas = Buffer.alloc(10);
  canvas.writeUIntLE(width - 1, 4, 3);
  canvas.writeUIntLE(height - 1, 7, 3);
  return riff([webpChunk('VP8X', canvas), vp8l()]);
}

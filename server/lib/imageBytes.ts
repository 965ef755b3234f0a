/**
 * What an uploaded file really is, read from its bytes (never its name or declared type): JPEG, PNG,
 * GIF or WebP, and whole — a file cut short in transfer or a text file renamed .png is refused.
 *
 * Why not a library: `file-type`'s current major needs Node 22 (we run on 20) and, like other
 * sniffers, reads only the first bytes, so a truncated JPEG passes. Four formats, each with its
 * signature and its end: JPEG starts FF D8 FF and ends with the EOI marker FF D9; PNG has its
 * 8-byte signature, IHDR first and IEND last; GIF starts GIF87a/GIF89a and ends with the 0x3B
 * trailer; WebP is a RIFF container whose declared size is the file's and whose form is WEBP.
 * Registration's ID images use the same check. `imageInfo` also reads the size in pixels from the
 * header (PNG's IHDR, JPEG's frame header, GIF's logical screen, WebP's VP8, VP8L or VP8X chunk):
 * the campaign material of server/modules/opsMaterial stores a banner's width and height from it.
 */
import type { FastifyReply } from 'fastify';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

function isJpeg(b: Uint8Array): boolean {
  if (b.length < 4 || !startsWith(b, [0xff, 0xd8, 0xff])) return false;
  // The EOI marker, allowing the trailing padding some encoders add.
  let end = b.length;
  while (end > 2 && (b[end - 1] === 0x00 || b[end - 1] === 0x0a || b[end - 1] === 0x0d)) end--;
  return b[end - 2] === 0xff && b[end - 1] === 0xd9;
}

function isPng(b: Uint8Array): boolean {
  if (b.length < 8 + 25 + 12 || !startsWith(b, PNG_SIGNATURE)) return false;
  if (ascii(b, 12, 4) !== 'IHDR') return false;
  // The last chunk: length 0, type IEND, its CRC.
  return ascii(b, b.length - 8, 4) === 'IEND';
}

function isGif(b: Uint8Array): boolean {
  if (b.length < 14) return false;
  const head = ascii(b, 0, 6);
  return (head === 'GIF87a' || head === 'GIF89a') && b[b.length - 1] === 0x3b;
}

function isWebp(b: Uint8Array): boolean {
  if (b.length < 20 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return false;
  const declared = (b[4] | (b[5] << 8) | (b[6] << 16) | (b[7] << 24)) >>> 0;
  // RIFF pads to an even size; the declared size counts everything after the first 8 bytes.
  return declared + 8 === b.length || declared + 9 === b.length;
}

/** The image type of these bytes, or null when they are not a whole JPEG, PNG, GIF or WebP. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (isJpeg(bytes)) return 'image/jpeg';
  if (isPng(bytes)) return 'image/png';
  if (isGif(bytes)) return 'image/gif';
  if (isWebp(bytes)) return 'image/webp';
  return null;
}

/** What an image's header says: its type and its size in pixels. */
export interface ImageInfo {
  type: ImageType;
  width: number;
  height: number;
}

const be16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const be32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const le16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const le24 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const le32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Uint8Array, from: number, to: number): number {
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = CRC_TABLE[(c ^ b[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * PNG: every chunk's length must fit, from IHDR (13 bytes, its CRC right: the size is read from it)
 * to IEND, the last bytes of the file.
 */
function pngSize(b: Uint8Array): { width: number; height: number } | null {
  if (be32(b, 8) !== 13 || crc32(b, 12, 29) !== be32(b, 29)) return null;
  let at = 8;
  while (at + 12 <= b.length) {
    const length = be32(b, at);
    const end = at + 12 + length;
    if (end > b.length) return null;
    if (ascii(b, at + 4, 4) === 'IEND') {
      if (end !== b.length) return null;
      return { width: be32(b, 16), height: be32(b, 20) };
    }
    at = end;
  }
  return null;
}

/** JPEG start-of-frame markers (baseline, extended, progressive, lossless; Huffman or arithmetic): not C4 (DHT), C8 (JPG), CC (DAC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** JPEG: the marker segments from SOI, each length inside the file, up to a frame header (SOF) before the first scan. */
function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    let marker = b[at + 1];
    // Fill bytes: any number of FF before a marker.
    while (marker === 0xff && at + 2 < b.length) marker = b[++at + 1];
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda) return null;
    const length = be16(b, at + 2);
    if (length < 2 || at + 2 + length > b.length) return null;
    if (isSof(marker)) {
      if (length < 8) return null;
      return { height: be16(b, at + 5), width: be16(b, at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** WebP: the first chunk inside the RIFF form, lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  const length = le32(b, 16);
  if (20 + length > b.length) return null;
  if (chunk === 'VP8 ') {
    // A key frame (bit 0 of the frame tag clear) and its start code, then 14-bit width and height.
    if (length < 10 || (b[20] & 1) !== 0 || b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // Signature 0x2F, then width-1 and height-1 in 14 bits each, an alpha bit and a 3-bit version (0).
    if (length < 5 || b[20] !== 0x2f) return null;
    const bits = le32(b, 21);
    if (bits >>> 29 !== 0) return null;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    // Flags and 3 reserved bytes, then canvas width-1 and height-1 in 24 bits each.
    if (length < 10) return null;
    return { width: le24(b, 24) + 1, height: le24(b, 27) + 1 };
  }
  return null;
}

/**
 * The type and size in pixels of an image, read from its bytes: a whole JPEG, PNG, GIF or WebP
 * (imageTypeOf) whose header is complete and names a size of at least 1 x 1. Anything else, a
 * header cut short or forged (a PNG header whose CRC does not match, a chunk or segment running past
 * the end), is null.
 */
export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  const type = imageTypeOf(bytes);
  if (!type) return null;
  const size =
    type === 'image/png' ? pngSize(bytes)
    : type === 'image/jpeg' ? jpegSize(bytes)
    : type === 'image/gif' ? { width: le16(bytes, 6), height: le16(bytes, 8) }
    : webpSize(bytes);
  if (!size || size.width < 1 || size.height < 1) return null;
  return { type, ...size };
}

/**
 * Answers stored upload bytes as the image they are (the type read from the bytes, checked when
 * uploaded), never sniffed or cached elsewhere: the operator's views of uploaded images.
 */
export function sendStoredImage(reply: FastifyReply, bytes: Buffer) {
  const type = imageTypeOf(bytes) ?? 'application/octet-stream';
  reply.header('x-content-type-options', 'nosniff').header('content-disposition', 'inline').header('cache-control', 'private, no-store');
  return reply.type(type).send(bytes);
}

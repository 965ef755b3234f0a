/**
 * What an uploaded file really is, read from its bytes (never its name or declared type): JPEG, PNG,
 * GIF or WebP, and whole — a file cut short in transfer or a text file renamed .png is refused.
 *
 * Why not a library: `file-type`'s current major needs Node 22 (we run on 20) and, like other
 * sniffers, reads only the first bytes, so a truncated JPEG passes. Four formats, each with its
 * signature and its end: JPEG starts FF D8 FF and ends with the EOI marker FF D9; PNG has its
 * 8-byte signature, IHDR first and IEND last; GIF starts GIF87a/GIF89a and ends with the 0x3B
 * trailer; WebP is a RIFF container whose declared size is the file's and whose form is WEBP.
 * Registration's ID images use the same check.
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

/**
 * Answers stored upload bytes as the image they are (the type read from the bytes, checked when
 * uploaded), never sniffed or cached elsewhere: the operator's views of uploaded images.
 */
export function sendStoredImage(reply: FastifyReply, bytes: Buffer) {
  const type = imageTypeOf(bytes) ?? 'application/octet-stream';
  reply.header('x-content-type-options', 'nosniff').header('content-disposition', 'inline').header('cache-control', 'private, no-store');
  return reply.type(type).send(bytes);
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imageInfo, imageTypeOf } from '../../server/lib/imageBytes';
import { gif, jpeg, LIBWEBP_1X1, png, webp } from './storageImages';

/** server/lib/imageBytes.ts imageInfo: an image's type and size read from its bytes, and nothing for a file that is not a whole image. */

const SIZES: Array<[number, number]> = [[1, 1], [300, 250], [728, 90], [160, 600], [4000, 1], [1, 3000]];

describe('imageInfo reads the width and height', () => {
  it.each(SIZES)('of PNG, JPEG, GIF and WebP files made at %i x %i', (width, height) => {
    expect(imageInfo(png(width, height))).toEqual({ type: 'image/png', width, height });
    expect(imageInfo(jpeg(width, height))).toEqual({ type: 'image/jpeg', width, height });
    expect(imageInfo(gif(width, height))).toEqual({ type: 'image/gif', width, height });
    for (const kind of ['vp8', 'vp8l', 'vp8x'] as const) expect(imageInfo(webp(kind, width, height)), kind).toEqual({ type: 'image/webp', width, height });
  });

  it('of the JPEG frame headers other than baseline (extended, progressive, lossless, arithmetic)', () => {
    for (const sof of [0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]) {
      expect(imageInfo(jpeg(640, 480, sof)), sof.toString(16)).toEqual({ type: 'image/jpeg', width: 640, height: 480 });
    }
  });

  it('of WebP files written by libwebp', () => {
    for (const [kind, bytes] of Object.entries(LIBWEBP_1X1)) expect(imageInfo(bytes), kind).toEqual({ type: 'image/webp', width: 1, height: 1 });
  });

  it('of a VP8X canvas larger than 14 bits can say', () => {
    expect(imageInfo(webp('vp8x', 20_000, 16_385))).toEqual({ type: 'image/webp', width: 20_000, height: 16_385 });
  });

  it('for any size (property, seeded)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 1, max: 3000 }), fc.constantFrom('png', 'jpeg', 'gif', 'vp8', 'vp8l', 'vp8x'), (w, h, kind) => {
        const bytes = kind === 'png' ? png(w, h) : kind === 'jpeg' ? jpeg(w, h) : kind === 'gif' ? gif(w, h) : webp(kind, w, h);
        const info = imageInfo(bytes);
        expect(info?.width).toBe(w);
        expect(info?.height).toBe(h);
        expect(info?.type).toBe(imageTypeOf(bytes));
      }),
      { seed: 20261203, numRuns: 60 },
    );
  });
});

describe('imageInfo refuses', () => {
  const whole = { png: png(300, 250), jpeg: jpeg(300, 250), gif: gif(30, 25), vp8: webp('vp8', 300, 250), vp8l: webp('vp8l', 300, 250), vp8x: webp('vp8x', 300, 250) };

  it('every image cut short, at any length', () => {
    for (const [kind, bytes] of Object.entries(whole)) {
      for (let length = 0; length < bytes.length; length += Math.max(1, Math.floor(bytes.length / 97))) {
        expect(imageInfo(bytes.subarray(0, length)), `${kind} cut at ${length} of ${bytes.length}`).toBeNull();
      }
      expect(imageInfo(bytes.subarray(0, bytes.length - 1)), `${kind} without its last byte`).toBeNull();
    }
  });

  it('a PNG whose header was changed without its checksum, or whose chunks do not add up', () => {
    const forged = Buffer.from(whole.png);
    forged.writeUInt32BE(3000, 16);
    expect(imageInfo(forged)).toBeNull();
    // Cut in the middle of the image data, with an IEND put back at the end.
    const iend = whole.png.subarray(whole.png.length - 12);
    expect(imageInfo(Buffer.concat([whole.png.subarray(0, 60), iend]))).toBeNull();
    // A chunk length that runs past the end.
    const long = Buffer.from(whole.png);
    long.writeUInt32BE(0x7fffffff, 33);
    expect(imageInfo(long)).toBeNull();
    // Zero pixels wide, checksum right.
    expect(imageInfo(png(0, 5))).toBeNull();
  });

  it('a JPEG with no frame header before its scan, or a segment running past the end', () => {
    const bytes = whole.jpeg;
    const sofAt = bytes.indexOf(Buffer.from([0xff, 0xc0]));
    const sofLength = bytes.readUInt16BE(sofAt + 2);
    expect(imageInfo(Buffer.concat([bytes.subarray(0, sofAt), bytes.subarray(sofAt + 2 + sofLength)]))).toBeNull();
    const long = Buffer.from(bytes);
    long.writeUInt16BE(0xfff0, 4);
    expect(imageInfo(long)).toBeNull();
    // DHT (C4), JPG (C8) and DAC (CC) are no frame headers.
    for (const marker of [0xc4, 0xc8, 0xcc]) expect(imageInfo(jpeg(8, 8, marker)), marker.toString(16)).toBeNull();
    expect(imageInfo(jpeg(0, 8))).toBeNull();
  });

  it('a GIF of no width, and WebP files whose chunk is not what it says', () => {
    const flat = Buffer.from(whole.gif);
    flat.writeUInt16LE(0, 6);
    expect(imageInfo(flat)).toBeNull();
    const badStart = Buffer.from(whole.vp8);
    badStart[23] = 0x9e;
    expect(imageInfo(badStart)).toBeNull();
    const interFrame = Buffer.from(whole.vp8);
    interFrame[20] |= 1;
    expect(imageInfo(interFrame)).toBeNull();
    const badSignature = Buffer.from(whole.vp8l);
    badSignature[20] = 0x2e;
    expect(imageInfo(badSignature)).toBeNull();
    const oversized = Buffer.from(whole.vp8l);
    oversized.writeUInt32LE(1000, 16);
    expect(imageInfo(oversized)).toBeNull();
    const unknown = Buffer.from(whole.vp8l);
    unknown.write('ALPH', 12, 'latin1');
    expect(imageInfo(unknown)).toBeNull();
  });

  it('text and other files, whatever they start with', () => {
    for (const bytes of [Buffer.from('just some text, not a picture at all'), Buffer.alloc(0), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from('%PDF-1.7\n%%EOF')]) {
      expect(imageInfo(bytes)).toBeNull();
    }
  });
});

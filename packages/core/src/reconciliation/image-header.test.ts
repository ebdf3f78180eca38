import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../purchase.ts';
import {
  imageSize,
  MAX_SCREENSHOT_PIXELS,
  SCREENSHOT_MESSAGES,
  screenshotSizeRefusal,
} from './image-header.ts';

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, (n >>> 8) & 255];
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const png = (w: number, h: number) =>
  new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...be32(13),
    ...ascii('IHDR'),
    ...be32(w),
    ...be32(h),
    8,
    6,
    0,
    0,
    0,
  ]);

// SOI, an APP0 (JFIF) segment, a DHT segment (C4: not a frame), then SOF2 (progressive).
const jpeg = (w: number, h: number) =>
  new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    ...ascii('JFIF'),
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xc4,
    0x00,
    0x05,
    0x00,
    0x00,
    0x00,
    0xff,
    0xc2,
    0x00,
    0x11,
    0x08,
    (h >> 8) & 255,
    h & 255,
    (w >> 8) & 255,
    w & 255,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);

const gif = (w: number, h: number) =>
  new Uint8Array([...ascii('GIF89a'), ...le16(w), ...le16(h), 0, 0, 0]);

const riff = (chunk: number[]) =>
  new Uint8Array([...ascii('RIFF'), ...le16(chunk.length + 4), 0, 0, ...ascii('WEBP'), ...chunk]);

const webpVp8x = (w: number, h: number) =>
  riff([...ascii('VP8X'), 10, 0, 0, 0, 0, 0, 0, 0, ...le24(w - 1), ...le24(h - 1)]);

const webpVp8l = (w: number, h: number) => {
  const bits = (w - 1) | ((h - 1) << 14);
  return riff([
    ...ascii('VP8L'),
    5,
    0,
    0,
    0,
    0x2f,
    bits & 255,
    (bits >>> 8) & 255,
    (bits >>> 16) & 255,
    (bits >>> 24) & 255,
  ]);
};

const webpVp8 = (w: number, h: number) =>
  riff([...ascii('VP8 '), 10, 0, 0, 0, 0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(w), ...le16(h)]);

describe('imageSize: the size an image declares, before anything decodes it', () => {
  it.each([
    ['PNG', png(1080, 2400)],
    ['JPEG (past APP0 and DHT segments)', jpeg(1080, 2400)],
    ['GIF', gif(1080, 2400)],
    ['WebP VP8X', webpVp8x(1080, 2400)],
    ['WebP VP8L (lossless)', webpVp8l(1080, 2400)],
    ['WebP VP8 (lossy)', webpVp8(1080, 2400)],
  ])('%s', (_kind, bytes) => {
    const type = sniffImageType(bytes);
    if (!type) throw new Error('not sniffed as an image');
    expect(imageSize(bytes, type)).toEqual({ width: 1080, height: 2400 });
  });

  it('a PNG cut before its IHDR has no size', () => {
    expect(imageSize(png(1, 1).subarray(0, 20), 'image/png')).toBeNull();
  });

  it('a JPEG with no frame header has no size', () => {
    expect(
      imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0, 0, 0, 0, 0]), 'image/jpeg'),
    ).toBeNull();
  });
});

describe('screenshotSizeRefusal', () => {
  it.each([
    [{ width: 1080, height: 2400 }, null],
    [{ width: 1440, height: 3200 * 4 }, SCREENSHOT_MESSAGES.TOO_LARGE],
    [{ width: 100_000, height: 100_000 }, SCREENSHOT_MESSAGES.TOO_LARGE],
    [{ width: 4000, height: MAX_SCREENSHOT_PIXELS / 4000 + 1 }, SCREENSHOT_MESSAGES.TOO_LARGE],
    [{ width: 0, height: 10 }, SCREENSHOT_MESSAGES.UNREADABLE],
    [null, SCREENSHOT_MESSAGES.UNREADABLE],
  ])('%j → %j', (size, refusal) => {
    expect(screenshotSizeRefusal(size)).toBe(refusal);
  });

  it('a 100,000-pixel-square PNG bomb is refused from its 33 header bytes', () => {
    expect(screenshotSizeRefusal(imageSize(png(100_000, 100_000), 'image/png'))).toBe(
      SCREENSHOT_MESSAGES.TOO_LARGE,
    );
  });
});

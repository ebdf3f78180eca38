import type { ImageType } from '../purchase.ts';

/**
 * The pixel size an image declares in its header, read before anything decodes it (issue 26 item 5:
 * "an image that is not an image" gets a clear error). A 200 KB PNG can declare 100,000 × 100,000
 * pixels and make the OCR engine allocate 40 GB; its header says so in its first bytes.
 */

export interface ImageSize {
  width: number;
  height: number;
}

/** The most pixels a payment screenshot may have: a 1440 × 3200 phone screen, four times over. */
export const MAX_SCREENSHOT_PIXELS = 1440 * 3200 * 4;
/** The longest side a screenshot may have (long scrolling captures included). */
export const MAX_SCREENSHOT_SIDE = 12_000;

export const SCREENSHOT_MESSAGES = {
  NOT_AN_IMAGE: 'This file is not a PNG, JPEG, GIF or WebP image.',
  UNREADABLE: 'This image is damaged: its size could not be read.',
  TOO_LARGE: 'This image is too large to read. Upload the screenshot as the phone saved it.',
} as const;

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 65536 + u16be(b, i + 2);

function jpegSize(b: Uint8Array): ImageSize | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    // Fill bytes, and markers without a length (RST, SOI, TEM).
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd8) || marker === 0x01) {
      i += 2;
      continue;
    }
    const length = u16be(b, i + 2);
    if (length < 2) return null;
    // SOF0–SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    i += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array): ImageSize | null {
  const chunk = String.fromCharCode(b[12] ?? 0, b[13] ?? 0, b[14] ?? 0, b[15] ?? 0);
  if (chunk === 'VP8 ' && b.length >= 30) {
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30) {
    return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  }
  return null;
}

/** The declared size of an image of a sniffed type (core `sniffImageType`), or null if unreadable. */
export function imageSize(bytes: Uint8Array, type: ImageType): ImageSize | null {
  switch (type) {
    case 'image/png':
      // The IHDR chunk comes first, right after the signature.
      if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR')
        return null;
      return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
    case 'image/jpeg':
      return jpegSize(bytes);
    case 'image/gif':
      return bytes.length < 10 ? null : { width: u16le(bytes, 6), height: u16le(bytes, 8) };
    case 'image/webp':
      return webpSize(bytes);
  }
}

/** Null when a screenshot of this size may be read, else the refusal. */
export function screenshotSizeRefusal(size: ImageSize | null): string | null {
  if (size === null || size.width < 1 || size.height < 1) return SCREENSHOT_MESSAGES.UNREADABLE;
  if (
    size.width > MAX_SCREENSHOT_SIDE ||
    size.height > MAX_SCREENSHOT_SIDE ||
    size.width * size.height > MAX_SCREENSHOT_PIXELS
  ) {
    return SCREENSHOT_MESSAGES.TOO_LARGE;
  }
  return null;
}

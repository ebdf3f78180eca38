import { existsSync } from 'node:fs';
import path from 'node:path';
import { SCREENSHOT_MESSAGES } from '@pasado/core';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CHROMIUM } from '../../../../../scripts/test-chromium.mjs';
import {
  createReceiptReader,
  englishModelPath,
  type ReceiptReader,
} from '../../../src/modules/subscriptions/statements/receipt-reader.ts';
import { AppError } from '../../../src/platform/errors/app-error.ts';
import { type ReceiptSpec, renderReceipt } from './receipt-screens.ts';

// Screenshots drawn in Debian's Chromium (npm test installs it), read by the OCR worker.
let browser: Browser;
let reader: ReceiptReader;

beforeAll(async () => {
  [browser, reader] = await Promise.all([
    chromium.launch({
      executablePath: TEST_CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    }),
    createReceiptReader(),
  ]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), reader?.close()]);
});

async function screenshot(spec: ReceiptSpec, jpegQuality: number | null, crop = 0) {
  const page = await browser.newPage();
  try {
    return await renderReceipt(page, spec, {
      jpegQuality,
      crop: { top: crop, right: 10, bottom: crop, left: 6 },
    });
  } finally {
    await page.close();
  }
}

async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the OCR worker reads receipts (issue 26 item 3)', () => {
  it('the English model is the npm package’s, inside node_modules', () => {
    const model = englishModelPath();
    expect(model.split(path.sep)).toContain('node_modules');
    expect(existsSync(path.join(model, 'eng.traineddata.gz'))).toBe(true);
  });

  it('a GCash Express Send receipt, compressed and cropped: reference, amount, date', async () => {
    const paidAt = new Date('2026-10-05T13:30:00.000Z');
    const image = await screenshot(
      {
        layout: 'gcash',
        reference: '7037651006674',
        amountCentavos: 19900,
        paidAt,
        recipientName: 'JU*N DE** C.',
        recipientNumber: '+63 917 123 4567',
        phone: { width: 390, height: 844, scale: 3 },
        statusBarTime: '9:41',
        batteryPercent: 76,
      },
      70,
      90,
    );
    const reading = await reader.read(image);
    expect(reading.layout).toBe('gcash');
    expect(reading.reference?.value).toBe('7037651006674');
    expect(reading.amount?.centavos).toBe(19900);
    expect(reading.paidAt?.at).toEqual(paidAt);
    for (const field of [reading.reference, reading.amount, reading.paidAt]) {
      expect(field?.confidence).toBeGreaterThan(0.5);
    }
  });

  it('a Maya receipt, hexadecimal reference with the letters OCR confuses', async () => {
    const paidAt = new Date('2026-10-24T00:58:00.000Z');
    const image = await screenshot(
      {
        layout: 'maya',
        // 8, 9, 0, 5 and B: the characters Tesseract's general model misreads as S, O and 8.
        reference: 'B9F5A50AE8D0',
        amountCentavos: 29900,
        paidAt,
        recipientName: 'MARIA SANTOS',
        recipientNumber: '+639171234567',
        phone: { width: 360, height: 800, scale: 3 },
        statusBarTime: '8:58',
        batteryPercent: 41,
      },
      null,
    );
    const reading = await reader.read(image);
    expect(reading.layout).toBe('maya');
    expect(reading.reference?.value).toBe('B9F5A50AE8D0');
    expect(reading.amount?.centavos).toBe(29900);
    expect(reading.paidAt?.at).toEqual(paidAt);
  });

  it.each([
    ['a PDF', Buffer.from('%PDF-1.4\n%%EOF\n'), SCREENSHOT_MESSAGES.NOT_AN_IMAGE],
    [
      'an SVG (it can carry script)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      SCREENSHOT_MESSAGES.NOT_AN_IMAGE,
    ],
    [
      'a PNG declaring 100,000 × 100,000 pixels',
      Buffer.from('89504e470d0a1a0a0000000d49484452000186a0000186a00806000000', 'hex'),
      SCREENSHOT_MESSAGES.TOO_LARGE,
    ],
    [
      'a PNG cut after its signature',
      Buffer.from('89504e470d0a1a0a', 'hex'),
      SCREENSHOT_MESSAGES.UNREADABLE,
    ],
  ])('refuses %s before the engine sees it', async (_what, bytes, message) => {
    expect(await refusal(() => reader.read(new Uint8Array(bytes)))).toBe(message);
  });

  it('refuses an image whose pixels are damaged, and reads the next one', async () => {
    const good = await screenshot(
      {
        layout: 'gcash',
        reference: '1234567890123',
        amountCentavos: 9900,
        paidAt: new Date('2026-10-05T01:00:00.000Z'),
        recipientName: 'AN**W T.',
        recipientNumber: '+63 917 000 1111',
        phone: { width: 375, height: 667, scale: 2 },
        statusBarTime: '9:00',
        batteryPercent: 50,
      },
      null,
    );
    // The header and its size stay, the compressed pixels become noise.
    const damaged = new Uint8Array(good);
    for (let i = 100; i < damaged.length; i += 7) damaged[i] = (damaged[i] ?? 0) ^ 0x5a;
    expect(await refusal(() => reader.read(damaged))).toBe(SCREENSHOT_MESSAGES.UNREADABLE);
    expect((await reader.read(good)).reference?.value).toBe('1234567890123');
  });
});

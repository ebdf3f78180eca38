import { describe, expect, it } from 'vitest';
import {
  heldQueueShiftMs,
  isPaymentScreenshotPath,
  paymentScreenshotPath,
  promotedTerm,
  purchaseBlock,
  purchaseTerm,
  sanitizeFileName,
  sniffImageType,
  statedPriceMatches,
  statusAfterNewProof,
  storedImageName,
} from './purchase.ts';
import { subscriptionBanner } from './subscription-banner.ts';
import { isPurchaseBlocked, type SubscriptionStatus } from './subscription-rules.ts';

const DAY = 24 * 3600_000;
const now = new Date('2026-03-01T00:00:00Z');
const later = (days: number) => new Date(now.getTime() + days * DAY);

describe('purchaseTerm (docs/product.md#extension; docs/product.md#buying)', () => {
  it.each([
    ['no subscription', null, null, false, 0],
    ['an expired one', { status: 'expired', expiryDate: later(-1) }, null, false, 0],
    ['a revoked one', { status: 'revoked', expiryDate: later(5) }, null, false, 0],
    ['a running trial', { status: 'completed', expiryDate: later(3) }, null, true, 3],
    ['a pending one', { status: 'pending', expiryDate: later(10) }, null, true, 10],
    ['a suspended one', { status: 'suspended', expiryDate: later(10) }, null, true, 10],
    ['a trial with a queue', { status: 'completed', expiryDate: later(3) }, later(33), true, 33],
    ['a lapsed, unswept one', { status: 'approved', expiryDate: later(-2) }, null, true, 0],
  ] as const)('after %s', (_label, current, lastQueuedExpiry, queued, startDays) => {
    const term = purchaseTerm({ now, current, lastQueuedExpiry, durationInDays: 30 });
    expect(term.queued).toBe(queued);
    expect(term.startsAt).toEqual(later(startDays));
    expect(term.expiryDate).toEqual(later(startDays + 30));
  });
});

describe('statedPriceMatches (docs/product.md#buying: the amount is checked against the plan)', () => {
  const quote = { price: 199, discountAmount: 100, finalPrice: 99 };
  it.each([
    [{ finalPrice: 99 }, true],
    [{ finalPrice: 99, price: 199, discountAmount: 100 }, true],
    [{ finalPrice: 199 }, false],
    [{ finalPrice: 0 }, false],
    [{ finalPrice: 99, price: 99 }, false],
    [{ finalPrice: 99, discountAmount: 0 }, false],
  ])('%j → %s', (stated, expected) => {
    expect(statedPriceMatches(quote, stated)).toBe(expected);
  });
});

describe('payment screenshot paths (docs/product.md#file-storage)', () => {
  it.each([
    ['receipt.png', 'receipt.png'],
    ['My GCash receipt (1).jpg', 'My_GCash_receipt_1_.jpg'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\shot.png', 'shot.png'],
    ['.hidden.png', 'hidden.png'],
    ['', 'screenshot'],
    ['日本.png', 'png'],
    ['a'.repeat(300), 'a'.repeat(100)],
  ])('sanitizeFileName(%j) is %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('is images/paymentScreenshots/{timestamp}_{filename}', () => {
    const p = paymentScreenshotPath(1_700_000_000_000, 'shot 1.png', 'image/png');
    expect(p).toBe('images/paymentScreenshots/1700000000000_shot_1.png');
    expect(isPaymentScreenshotPath(p)).toBe(true);
  });

  it.each([
    ['poly.html', 'image/png', 'poly.png'],
    ['x.svg', 'image/gif', 'x.gif'],
    ['resume.exe', 'image/jpeg', 'resume.jpg'],
    ['photo.jpeg', 'image/jpeg', 'photo.jpg'],
    ['no-extension', 'image/webp', 'no-extension.webp'],
    ['archive.tar.gz', 'image/png', 'archive.tar.png'],
    ['.png', 'image/png', 'png.png'],
    ['', 'image/png', 'screenshot.png'],
  ] as const)('stores %j sniffed as %s as %j', (name, type, stored) => {
    expect(storedImageName(name, type)).toBe(stored);
  });

  it.each([
    'images/paymentScreenshots/../x.png',
    'images/userFeedbacks/1_a.png',
    'images/paymentScreenshots/a_b.png',
    '/images/paymentScreenshots/1_a.png',
    'https://example.com/x.png',
  ])('refuses %j', (p) => {
    expect(isPaymentScreenshotPath(p)).toBe(false);
  });
});

describe('sniffImageType (docs/product.md#validation image files only)', () => {
  const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
  const bytes = (...b: number[]) => new Uint8Array([...b, 0, 0, 0, 0, 0, 0, 0, 0]);
  it.each([
    [bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'image/png'],
    [bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    [bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61), 'image/gif'],
    [bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50), 'image/webp'],
    [bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45), null],
    [ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    [ascii('%PDF-1.7'), null],
    [new Uint8Array(), null],
  ])('%#', (input, expected) => {
    expect(sniffImageType(input)).toBe(expected);
  });
});

describe('statusAfterNewProof (docs/decisions/004-purchases.md)', () => {
  it.each([
    ['pending', false, 'pending'],
    ['forVerification', false, 'pending'],
    ['approved', false, null],
    ['completed', false, null],
    ['suspended', false, null],
    ['revoked', false, null],
    ['expired', false, null],
    ['pending', true, null],
  ] as const)('%s (free trial %s) → %s', (status, isFreeTrial, expected) => {
    expect(statusAfterNewProof({ status, isFreeTrial })).toBe(expected);
  });
});

describe('purchaseBlock (docs/product.md#purchase-blocking what is pending)', () => {
  const cur = (status: SubscriptionStatus, isFreeTrial = false) => ({
    id: 'cur',
    status,
    isFreeTrial,
  });
  const q = (id: string, status: SubscriptionStatus) => ({ id, status });
  it.each<[string, Parameters<typeof purchaseBlock>[0], ReturnType<typeof purchaseBlock>]>([
    ['nothing at all', { current: null, queued: [] }, null],
    ['a free trial in progress', { current: cur('completed', true), queued: [] }, null],
    ['a pending free trial record', { current: cur('pending', true), queued: [] }, null],
    [
      'the current paid plan pending',
      { current: cur('pending'), queued: [] },
      { subscriptionId: 'cur', status: 'pending', queued: false },
    ],
    [
      'the current paid plan forVerification',
      { current: cur('forVerification'), queued: [] },
      { subscriptionId: 'cur', status: 'forVerification', queued: false },
    ],
    [
      'the current paid plan approved',
      { current: cur('approved'), queued: [] },
      { subscriptionId: 'cur', status: 'approved', queued: false },
    ],
    ['the current paid plan completed', { current: cur('completed'), queued: [] }, null],
    ['the current paid plan suspended', { current: cur('suspended'), queued: [] }, null],
    ['the current paid plan revoked', { current: cur('revoked'), queued: [] }, null],
    [
      'a queued purchase pending behind a trial',
      { current: cur('completed', true), queued: [q('a', 'completed'), q('b', 'pending')] },
      { subscriptionId: 'b', status: 'pending', queued: true },
    ],
    [
      'a queued one wins over the current one',
      { current: cur('approved'), queued: [q('a', 'forVerification')] },
      { subscriptionId: 'a', status: 'forVerification', queued: true },
    ],
    [
      'only completed queued ones',
      { current: cur('completed'), queued: [q('a', 'completed')] },
      null,
    ],
  ])('%s', (_label, input, expected) => {
    const block = purchaseBlock(input);
    expect(block).toEqual(expected);
    // One rule: the explanation exists exactly when the purchase is blocked.
    expect(block !== null).toBe(isPurchaseBlocked(input));
  });
});

describe('subscriptionBanner (docs/product.md#subscription-banner)', () => {
  const expiry = '2026-03-04T00:00:00.000Z';
  const cur = (status: SubscriptionStatus, isFreeTrial = false) => ({
    id: 'cur',
    status,
    isFreeTrial,
    expiryDate: expiry,
  });
  const q = (id: string, status: SubscriptionStatus) => ({ id, status });
  it.each<
    [string, Parameters<typeof subscriptionBanner>[0], ReturnType<typeof subscriptionBanner>]
  >([
    ['no subscription', { current: null, queued: [], queuedCount: 0 }, null],
    [
      'a current free trial, nothing queued',
      { current: cur('completed', true), queued: [], queuedCount: 0 },
      { kind: 'freeTrial', expiryDate: expiry },
    ],
    [
      'a free trial with a queue whose documents are still loading',
      { current: cur('completed', true), queued: [], queuedCount: 1 },
      null,
    ],
    [
      'a free trial with a completed queued purchase: hidden',
      { current: cur('completed', true), queued: [q('a', 'completed')], queuedCount: 1 },
      null,
    ],
    ['an expired free trial', { current: cur('expired', true), queued: [], queuedCount: 0 }, null],
    ['a revoked free trial', { current: cur('revoked', true), queued: [], queuedCount: 0 }, null],
    [
      'a free trial with a pending queued purchase',
      { current: cur('completed', true), queued: [q('a', 'pending')], queuedCount: 1 },
      { kind: 'pending', subscriptionId: 'a' },
    ],
    [
      'the current purchase pending',
      { current: cur('pending'), queued: [], queuedCount: 0 },
      { kind: 'pending', subscriptionId: 'cur' },
    ],
    [
      'the current purchase approved',
      { current: cur('approved'), queued: [], queuedCount: 0 },
      { kind: 'approved', subscriptionId: 'cur' },
    ],
    [
      'the current purchase forVerification',
      { current: cur('forVerification'), queued: [], queuedCount: 0 },
      { kind: 'forVerification', subscriptionId: 'cur' },
    ],
    [
      'forVerification wins over approved and pending',
      {
        current: cur('approved'),
        queued: [q('a', 'pending'), q('b', 'forVerification')],
        queuedCount: 2,
      },
      { kind: 'forVerification', subscriptionId: 'b' },
    ],
    [
      'approved wins over pending',
      { current: cur('pending'), queued: [q('a', 'approved')], queuedCount: 1 },
      { kind: 'approved', subscriptionId: 'a' },
    ],
    ['a completed paid plan', { current: cur('completed'), queued: [], queuedCount: 0 }, null],
    ['a suspended plan', { current: cur('suspended'), queued: [], queuedCount: 0 }, null],
  ])('%s', (_label, input, expected) => {
    expect(subscriptionBanner(input)).toEqual(expected);
  });
});

describe('promotedTerm (docs/product.md#subscription-queue)', () => {
  const day = 24 * 60 * 60 * 1000;
  const at = (d: number) => new Date(Date.UTC(2026, 10, 1) + d * day);
  it('keeps the term computed at purchase once it has begun', () => {
    const term = { startsAt: at(30), expiryDate: at(60) };
    expect(promotedTerm(term, at(30))).toEqual(term);
    expect(promotedTerm(term, at(32))).toEqual(term);
  });
  it('begins a term not yet begun now, keeping its length', () => {
    expect(promotedTerm({ startsAt: at(30), expiryDate: at(60) }, at(3))).toEqual({
      startsAt: at(3),
      expiryDate: at(33),
    });
  });
});

describe('heldQueueShiftMs (docs/product.md#subscription-queue)', () => {
  const day = 24 * 60 * 60 * 1000;
  const at = (d: number) => new Date(Date.UTC(2026, 10, 1) + d * day);
  it('moves the queue on by the time its first term has run during the hold', () => {
    expect(heldQueueShiftMs([at(35), at(30)], at(35))).toBe(5 * day);
  });
  it('moves nothing when no queued term has begun, or none is queued', () => {
    expect(heldQueueShiftMs([at(30)], at(30))).toBe(0);
    expect(heldQueueShiftMs([at(30)], at(12))).toBe(0);
    expect(heldQueueShiftMs([], at(40))).toBe(0);
  });
});

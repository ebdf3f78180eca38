import { describe, expect, it } from 'vitest';
import { functionSchemas } from './contract/functions.ts';
import {
  DISCOUNT_HOLD_MS,
  discountDeadline,
  discountHoldEnd,
  discountRemainingMs,
  FREE_TRIAL_DISCOUNT_WINDOW_MS,
  formatCountdown,
  isDiscountLive,
  serverClockOffset,
  serverTimeOf,
} from './discount-window.ts';
import type { SubscriptionStatus } from './subscription-rules.ts';

const created = new Date('2026-11-22T15:30:00.000Z');
const at = (ms: number) => new Date(created.getTime() + ms);
const H = 60 * 60 * 1000;

describe('discountDeadline (docs/product.md#free-trial-discount: 24 h after account creation)', () => {
  it('is created + 24 h', () => {
    expect(FREE_TRIAL_DISCOUNT_WINDOW_MS).toBe(86_400_000);
    expect(discountDeadline(created).toISOString()).toBe('2026-11-23T15:30:00.000Z');
  });
});

describe('isDiscountLive (docs/product.md#free-trial-discount)', () => {
  const trial = (status: SubscriptionStatus) => ({ isFreeTrial: true, status });
  it.each<[string, Parameters<typeof isDiscountLive>[0], boolean]>([
    [
      'fresh free trial',
      { subscription: trial('completed'), userCreatedAt: created, queuedCount: 0, now: at(0) },
      true,
    ],
    [
      '1 ms before 24 h',
      {
        subscription: trial('completed'),
        userCreatedAt: created,
        queuedCount: 0,
        now: at(24 * H - 1),
      },
      true,
    ],
    [
      'exactly 24 h',
      { subscription: trial('completed'), userCreatedAt: created, queuedCount: 0, now: at(24 * H) },
      false,
    ],
    [
      'after 24 h',
      { subscription: trial('completed'), userCreatedAt: created, queuedCount: 0, now: at(25 * H) },
      false,
    ],
    [
      'queued subscription',
      { subscription: trial('completed'), userCreatedAt: created, queuedCount: 1, now: at(H) },
      false,
    ],
    [
      'expired trial',
      { subscription: trial('expired'), userCreatedAt: created, queuedCount: 0, now: at(H) },
      false,
    ],
    [
      'revoked trial',
      { subscription: trial('revoked'), userCreatedAt: created, queuedCount: 0, now: at(H) },
      false,
    ],
    [
      'suspended trial',
      { subscription: trial('suspended'), userCreatedAt: created, queuedCount: 0, now: at(H) },
      true,
    ],
    [
      'not a trial',
      {
        subscription: { isFreeTrial: false, status: 'approved' },
        userCreatedAt: created,
        queuedCount: 0,
        now: at(H),
      },
      false,
    ],
    [
      'no subscription',
      { subscription: null, userCreatedAt: created, queuedCount: 0, now: at(H) },
      false,
    ],
  ])('%s → %s', (_label, input, expected) => {
    expect(isDiscountLive(input)).toBe(expected);
  });

  describe('held by a purchase started inside the window (ours)', () => {
    const heldUntil = discountHoldEnd(created);
    const held = (now: Date, more: Partial<Parameters<typeof isDiscountLive>[0]> = {}) =>
      isDiscountLive({
        subscription: trial('completed'),
        userCreatedAt: created,
        queuedCount: 0,
        now,
        heldUntil,
        ...more,
      });

    it('lasts one hour past the window', () => {
      expect(heldUntil.getTime() - discountDeadline(created).getTime()).toBe(DISCOUNT_HOLD_MS);
      expect(DISCOUNT_HOLD_MS).toBe(H);
      expect(held(at(24 * H + 30 * 60_000))).toBe(true);
      expect(held(at(25 * H - 1))).toBe(true);
      expect(held(at(25 * H))).toBe(false);
    });

    it("keeps the window's other conditions: a trial still current, nothing queued", () => {
      const late = at(24 * H + 60_000);
      expect(held(late, { queuedCount: 1 })).toBe(false);
      expect(held(late, { subscription: trial('expired') })).toBe(false);
      expect(held(late, { subscription: { isFreeTrial: false, status: 'approved' } })).toBe(false);
    });

    it('never shortens the window', () => {
      expect(held(at(23 * H), { heldUntil: at(H) })).toBe(true);
      expect(held(at(24 * H), { heldUntil: null })).toBe(false);
    });
  });
});

describe('discountRemainingMs (docs/product.md#states)', () => {
  it.each([
    [0, 24 * H],
    [24 * H - 1, 1],
    [24 * H, 0],
    [48 * H, 0],
    [-H, 25 * H],
  ])('at created + %i ms → %i', (offset, remaining) => {
    expect(discountRemainingMs(created, at(offset))).toBe(remaining);
  });
});

describe('formatCountdown (docs/product.md#free-trial-discount: hh mm ss and hh:mm:ss, Expired at zero)', () => {
  it.each<[number, 'spaced' | 'colon', string]>([
    [(23 * 3600 + 59 * 60 + 7) * 1000, 'spaced', '23 59 07'],
    [(23 * 3600 + 59 * 60 + 7) * 1000, 'colon', '23:59:07'],
    [(23 * 3600 + 59 * 60 + 7) * 1000 + 999, 'colon', '23:59:07'],
    [24 * H, 'colon', '24:00:00'],
    [100 * H + 61_000, 'spaced', '100 01 01'],
    [1000, 'spaced', '00 00 01'],
    [999, 'colon', '00:00:00'],
    [1, 'spaced', '00 00 00'],
    [0, 'spaced', 'Expired'],
    [0, 'colon', 'Expired'],
    [-5000, 'colon', 'Expired'],
    [Number.NaN, 'colon', 'Expired'],
  ])('%d ms, %s → %s', (ms, style, text) => {
    expect(formatCountdown(ms, style)).toBe(text);
  });

  it('throws for an infinite countdown', () => {
    expect(() => formatCountdown(Number.POSITIVE_INFINITY, 'colon')).toThrow(RangeError);
  });
});

describe('serverClockOffset (docs/product.md#server-functions getServerTime; docs/product.md#time)', () => {
  it.each<[string, Parameters<typeof serverClockOffset>[0], number]>([
    ['clocks agree, instant answer', { serverTimeMs: 1000, sentAtMs: 1000, receivedAtMs: 1000 }, 0],
    [
      'server ahead by 1 h',
      { serverTimeMs: 3_601_000, sentAtMs: 1000, receivedAtMs: 1000 },
      3_600_000,
    ],
    [
      'device ahead by 5 min',
      { serverTimeMs: 1000, sentAtMs: 301_000, receivedAtMs: 301_000 },
      -300_000,
    ],
    [
      'the reading is placed mid-way through a 400 ms round trip',
      { serverTimeMs: 10_200, sentAtMs: 10_000, receivedAtMs: 10_400 },
      0,
    ],
    [
      'a device clock stepping back during the call counts as no delay',
      { serverTimeMs: 5000, sentAtMs: 5000, receivedAtMs: 4000 },
      0,
    ],
    ['garbage in: no offset', { serverTimeMs: Number.NaN, sentAtMs: 1, receivedAtMs: 2 }, 0],
  ])('%s', (_label, input, expected) => {
    expect(serverClockOffset(input)).toBe(expected);
  });
});

describe('serverTimeOf (docs/product.md#server-functions getServerTime, read without zod)', () => {
  const contract = functionSchemas.getServerTime.result;
  it.each<[string, unknown]>([
    ['a server time', { serverTime: 1_795_000_000_000 }],
    ['zero', { serverTime: 0 }],
    ['the largest safe integer', { serverTime: Number.MAX_SAFE_INTEGER }],
    ['a fraction', { serverTime: 1.5 }],
    ['past the safe integers', { serverTime: 2 ** 53 }],
    ['not a number', { serverTime: Number.NaN }],
    ['infinity', { serverTime: Number.POSITIVE_INFINITY }],
    ['a string', { serverTime: '1795000000000' }],
    ['no server time', {}],
    ['extra fields', { serverTime: 7, zone: 'Asia/Manila' }],
    ['an array', [1]],
    ['an error envelope', { error: { status: 500, message: 'Internal error.' } }],
    ['a whole envelope', { result: { serverTime: 7 } }],
    ['null', null],
    ['nothing', undefined],
    ['a number', 42],
  ])('%s: read exactly as the contract reads it', (_label, result) => {
    const parsed = contract.safeParse(result);
    expect(serverTimeOf(result)).toBe(parsed.success ? parsed.data.serverTime : null);
  });

  it('reads the server time', () => {
    expect(serverTimeOf({ serverTime: 1_795_000_000_000 })).toBe(1_795_000_000_000);
  });
});

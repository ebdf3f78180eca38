import { describe, expect, it } from 'vitest';
import {
  ACTIVE_OR_IN_PROGRESS,
  canTransition,
  grantsAccess,
  hasPaidBefore,
  isActiveOrInProgress,
  isBuyingSuspended,
  isExtension,
  isFreeTrialCurrent,
  isPastExpiry,
  isPurchaseBlocked,
  REVOKED_BAR_DAYS,
  revokedBuyingBarUntil,
  STATUS_TRANSITIONS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  storedStaffStatus,
  type TransitionActor,
} from './subscription-rules.ts';

const ALL = SUBSCRIPTION_STATUSES;

describe('isActiveOrInProgress (docs/product.md#states) and grantsAccess (docs/product.md#access)', () => {
  it('lists pending, forVerification, approved', () => {
    expect(ACTIVE_OR_IN_PROGRESS).toEqual(['pending', 'forVerification', 'approved']);
  });
  it.each<[SubscriptionStatus | null | undefined, boolean, boolean]>([
    ['pending', true, true],
    ['forVerification', true, true],
    ['approved', true, true],
    ['completed', false, true],
    ['suspended', false, false],
    ['revoked', false, false],
    ['expired', false, false],
    [null, false, false],
    [undefined, false, false],
  ])('%s → in progress %s, grants access %s', (status, inProgress, access) => {
    expect(isActiveOrInProgress(status)).toBe(inProgress);
    expect(grantsAccess(status)).toBe(access);
  });
});

describe('isFreeTrialCurrent (docs/product.md#states)', () => {
  it.each<[{ isFreeTrial: boolean; status: SubscriptionStatus } | null, boolean]>([
    [null, false],
    ...ALL.map((status): [{ isFreeTrial: boolean; status: SubscriptionStatus }, boolean] => [
      { isFreeTrial: true, status },
      status !== 'expired' && status !== 'revoked',
    ]),
    ...ALL.map((status): [{ isFreeTrial: boolean; status: SubscriptionStatus }, boolean] => [
      { isFreeTrial: false, status },
      false,
    ]),
  ])('%j → %s', (sub, expected) => {
    expect(isFreeTrialCurrent(sub)).toBe(expected);
  });
});

describe('hasPaidBefore (docs/product.md#states)', () => {
  it.each<[{ isFreeTrial: boolean; transactionIds: string[] } | null, boolean]>([
    [null, false],
    [{ isFreeTrial: true, transactionIds: [] }, false],
    [{ isFreeTrial: true, transactionIds: ['t1'] }, false],
    [{ isFreeTrial: true, transactionIds: ['t1', 't2'] }, true],
    [{ isFreeTrial: false, transactionIds: [] }, true],
    [{ isFreeTrial: false, transactionIds: ['t1'] }, true],
  ])('%j → %s', (sub, expected) => {
    expect(hasPaidBefore(sub)).toBe(expected);
  });
});

describe('isExtension (docs/product.md#extension)', () => {
  it.each<[{ status: SubscriptionStatus } | null, boolean]>([
    [null, false],
    ...ALL.map((status): [{ status: SubscriptionStatus }, boolean] => [
      { status },
      status !== 'revoked' && status !== 'expired',
    ]),
  ])('%j → %s', (current, expected) => {
    expect(isExtension(current)).toBe(expected);
  });
});

describe('isBuyingSuspended (docs/product.md#subscription-queue)', () => {
  it('holds only while the current subscription is suspended', () => {
    expect(isBuyingSuspended(null)).toBe(false);
    for (const status of ALL)
      expect(isBuyingSuspended({ status }), status).toBe(status === 'suspended');
  });
});

describe('revokedBuyingBarUntil (docs/product.md#purchase-blocking)', () => {
  const day = 24 * 60 * 60 * 1000;
  const now = new Date(Date.UTC(2026, 10, 28, 8));
  const ago = (days: number) => new Date(now.getTime() - days * day);
  const sub = (status: SubscriptionStatus, changed = ago(1)) => ({ status, updatedAt: changed });
  it(`bars buying for ${REVOKED_BAR_DAYS} days after two paid purchases in a row were revoked`, () => {
    expect(revokedBuyingBarUntil([sub('revoked', ago(1)), sub('revoked', ago(3))], now)).toEqual(
      new Date(ago(1).getTime() + REVOKED_BAR_DAYS * day),
    );
    expect(
      revokedBuyingBarUntil([sub('revoked'), sub('revoked'), sub('completed')], now),
    ).not.toBeNull();
  });
  it('ends on its own, and leaves one revocation, or one between accepted purchases, a way out', () => {
    expect(revokedBuyingBarUntil([sub('revoked', ago(7)), sub('revoked', ago(9))], now)).toBeNull();
    expect(revokedBuyingBarUntil([], now)).toBeNull();
    expect(revokedBuyingBarUntil([sub('revoked')], now)).toBeNull();
    expect(revokedBuyingBarUntil([sub('revoked'), sub('expired')], now)).toBeNull();
    expect(revokedBuyingBarUntil([sub('completed'), sub('revoked')], now)).toBeNull();
  });
});

describe('storedStaffStatus (docs/product.md#status-transitions)', () => {
  it('restores a lifted free trial as completed', () => {
    expect(storedStaffStatus({ status: 'suspended', isFreeTrial: true }, 'approved')).toBe(
      'completed',
    );
  });
  it('stores every other move as asked', () => {
    expect(storedStaffStatus({ status: 'suspended', isFreeTrial: false }, 'approved')).toBe(
      'approved',
    );
    expect(storedStaffStatus({ status: 'suspended', isFreeTrial: true }, 'revoked')).toBe(
      'revoked',
    );
    expect(storedStaffStatus({ status: 'completed', isFreeTrial: true }, 'suspended')).toBe(
      'suspended',
    );
  });
});

describe('isPurchaseBlocked (docs/product.md#purchase-blocking)', () => {
  type Input = Parameters<typeof isPurchaseBlocked>[0];
  it.each<[string, Input, boolean]>([
    ['nothing at all', { current: null, queued: [] }, false],
    ...ALL.map((status): [string, Input, boolean] => [
      `current paid ${status}`,
      { current: { status, isFreeTrial: false }, queued: [] },
      ['pending', 'forVerification', 'approved'].includes(status),
    ]),
    ...ALL.map((status): [string, Input, boolean] => [
      `current free trial ${status}`,
      { current: { status, isFreeTrial: true }, queued: [] },
      false,
    ]),
    ...ALL.map((status): [string, Input, boolean] => [
      `queued ${status}`,
      { current: null, queued: [{ status }] },
      ['pending', 'forVerification', 'approved'].includes(status),
    ]),
    [
      'free trial with a pending queued one',
      { current: { status: 'pending', isFreeTrial: true }, queued: [{ status: 'pending' }] },
      true,
    ],
    [
      'one of several queued is in progress',
      {
        current: { status: 'completed', isFreeTrial: false },
        queued: [{ status: 'expired' }, { status: 'revoked' }, { status: 'forVerification' }],
      },
      true,
    ],
    [
      'only finished queued',
      { current: { status: 'completed', isFreeTrial: false }, queued: [{ status: 'revoked' }] },
      false,
    ],
  ])('%s → %s', (_label, input, expected) => {
    expect(isPurchaseBlocked(input)).toBe(expected);
  });
});

describe('isPastExpiry: strictly after (docs/product.md#states)', () => {
  const expiry = '2026-11-25T16:00:00.000Z';
  it.each<[Date | string, string, boolean]>([
    [expiry, '2026-11-25T15:59:59.999Z', false],
    [expiry, '2026-11-25T16:00:00.000Z', false],
    [expiry, '2026-11-25T16:00:00.001Z', true],
    [new Date(expiry), '2026-11-25T16:00:00.001Z', true],
    [new Date(expiry), '2026-11-25T16:00:00.000Z', false],
    ['2026-11-26T00:00:00+08:00', '2026-11-25T16:00:00.001Z', true],
  ])('%s at %s → %s', (expiryDate, now, expected) => {
    expect(isPastExpiry(expiryDate, new Date(now))).toBe(expected);
  });

  it.each<[Date | string, Date]>([
    ['not a date', new Date(0)],
    [new Date(Number.NaN), new Date(0)],
    [expiry, new Date(Number.NaN)],
  ])('throws a RangeError for %s at %s', (expiryDate, now) => {
    expect(() => isPastExpiry(expiryDate, now)).toThrow(RangeError);
  });
});

describe('canTransition (docs/product.md#states; our decision)', () => {
  const allowed: Record<TransitionActor, string[]> = {
    student: ['approved→completed'],
    staff: [
      'pending→approved',
      'pending→forVerification',
      'pending→suspended',
      'pending→revoked',
      'forVerification→approved',
      'forVerification→suspended',
      'forVerification→revoked',
      'approved→suspended',
      'approved→revoked',
      'completed→suspended',
      'completed→revoked',
      'suspended→approved',
      'suspended→revoked',
    ],
    system: ['pending→expired', 'forVerification→expired', 'approved→expired', 'completed→expired'],
  };
  const actors: TransitionActor[] = ['student', 'staff', 'system'];
  // Every actor × from × to: 3 × 7 × 7 cases.
  const cases = actors.flatMap((actor) =>
    ALL.flatMap((from) =>
      ALL.map((to): [TransitionActor, SubscriptionStatus, SubscriptionStatus, boolean] => [
        actor,
        from,
        to,
        allowed[actor].includes(`${from}→${to}`),
      ]),
    ),
  );
  it.each(cases)('%s: %s → %s is %s', (actor, from, to, expected) => {
    expect(canTransition(from, to, actor)).toBe(expected);
  });

  it('STATUS_TRANSITIONS matches the table above', () => {
    for (const actor of actors) {
      const pairs = Object.entries(STATUS_TRANSITIONS[actor]).flatMap(([from, tos]) =>
        (tos ?? []).map((to) => `${from}→${to}`),
      );
      expect(pairs.sort()).toEqual([...allowed[actor]].sort());
    }
  });
});

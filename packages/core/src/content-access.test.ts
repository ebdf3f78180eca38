import { describe, expect, it } from 'vitest';
import {
  type AccessSubscription,
  CONTENT_DENIALS,
  type ContentDenial,
  contentDenial,
  contentDenialPath,
  gaveAccessAt,
  isContentDenial,
  type KeptContentFate,
  keptContentFate,
  LATE_WORK_MS,
  tasksDenial,
} from './content-access.ts';
import { decideRoute } from './guard.ts';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './subscription-rules.ts';

const now = new Date('2026-11-26T04:00:00.000Z');
const FUTURE = '2026-11-26T04:00:00.001Z';
const AT_NOW = '2026-11-26T04:00:00.000Z';
const PAST = '2026-11-26T03:59:59.999Z';
const sub = (status: SubscriptionStatus, expiryDate: string): AccessSubscription => ({
  status,
  expiryDate,
});

describe('contentDenial (issue 21 finding 1: the paywall on the server)', () => {
  const expected: Record<SubscriptionStatus, [fresh: ContentDenial | null, past: ContentDenial]> = {
    pending: [null, 'expired'],
    forVerification: [null, 'expired'],
    approved: [null, 'expired'],
    completed: [null, 'expired'],
    suspended: ['suspended', 'suspended'],
    revoked: ['revoked', 'revoked'],
    expired: ['expired', 'expired'],
  };

  it.each(SUBSCRIPTION_STATUSES)('%s: before and after its expiry date', (status) => {
    const [fresh, past] = expected[status];
    expect(contentDenial({ granted: true, subscription: sub(status, FUTURE), now })).toBe(fresh);
    // The guard's expiry is strict: at the very millisecond of expiry there is still access.
    expect(contentDenial({ granted: true, subscription: sub(status, AT_NOW), now })).toBe(fresh);
    expect(contentDenial({ granted: true, subscription: sub(status, PAST), now })).toBe(past);
  });

  it('refuses without the grant first, whatever the subscription', () => {
    for (const status of SUBSCRIPTION_STATUSES) {
      expect(contentDenial({ granted: false, subscription: sub(status, FUTURE), now })).toBe(
        'noReviewer',
      );
    }
    expect(contentDenial({ granted: false, subscription: null, now })).toBe('noReviewer');
  });

  it('lets a queued subscription take over once the current one ended on its own', () => {
    const ended = sub('completed', PAST);
    expect(contentDenial({ granted: true, subscription: ended, queuedUntil: FUTURE, now })).toBe(
      null,
    );
    expect(
      contentDenial({
        granted: true,
        subscription: sub('expired', PAST),
        queuedUntil: FUTURE,
        now,
      }),
    ).toBe(null);
    // A queued one that has run out too, or none: still refused.
    expect(contentDenial({ granted: true, subscription: ended, queuedUntil: PAST, now })).toBe(
      'expired',
    );
    expect(contentDenial({ granted: true, subscription: ended, queuedUntil: null, now })).toBe(
      'expired',
    );
    // Staff decisions are not undone by a queued purchase.
    expect(
      contentDenial({
        granted: true,
        subscription: sub('suspended', FUTURE),
        queuedUntil: FUTURE,
        now,
      }),
    ).toBe('suspended');
  });

  it('refuses a student who never had a subscription', () => {
    expect(contentDenial({ granted: true, subscription: null, now })).toBe('noSubscription');
  });

  it('agrees with the route guard: content is refused exactly where the guard locks the screens', () => {
    for (const status of SUBSCRIPTION_STATUSES) {
      for (const expiryDate of [FUTURE, PAST]) {
        const denial = contentDenial({ granted: true, subscription: sub(status, expiryDate), now });
        const decision = decideRoute({
          pathname: '/quiz',
          route: { auth: true },
          claims: { role: 'student', isOnboarded: true, subscriptionStatus: status, access: {} },
          subscription: { status, expiryDate },
          now,
        });
        expect(denial === null).toBe(decision.kind === 'allow');
        if (denial !== null) {
          const to = decision.kind === 'allow' ? null : decision.to;
          expect(contentDenialPath(denial)).toBe(to);
        }
      }
    }
  });
});

describe('tasksDenial: the writes of Tasks (reward claims, the streak freeze)', () => {
  it('agrees with the route guard: refused exactly where the guard keeps the student from Tasks', () => {
    const subscriptions = [
      null,
      ...SUBSCRIPTION_STATUSES.flatMap((status) => [sub(status, FUTURE), sub(status, PAST)]),
    ];
    for (const isOnboarded of [true, false]) {
      for (const subscription of subscriptions) {
        const denial = tasksDenial({ isOnboarded, subscription, now });
        const decision = decideRoute({
          pathname: '/tasks',
          route: { auth: true },
          claims: {
            role: 'student',
            isOnboarded,
            subscriptionStatus: subscription?.status ?? null,
            access: {},
          },
          subscription: subscription && {
            status: subscription.status,
            expiryDate: String(subscription.expiryDate),
          },
          now,
        });
        expect(denial === null, JSON.stringify({ isOnboarded, subscription })).toBe(
          decision.kind === 'allow',
        );
        if (denial !== null) {
          const to = decision.kind === 'allow' ? null : decision.to;
          expect(contentDenialPath(denial)).toBe(to);
        }
      }
    }
  });

  it('names onboarding before the subscription, and lets a queued one take over', () => {
    expect(tasksDenial({ isOnboarded: false, subscription: sub('revoked', FUTURE), now })).toBe(
      'notOnboarded',
    );
    expect(
      tasksDenial({
        isOnboarded: true,
        subscription: sub('completed', PAST),
        queuedUntil: FUTURE,
        now,
      }),
    ).toBe(null);
  });
});

describe('gaveAccessAt: work done before the subscription ended counts', () => {
  const finished = new Date('2026-11-20T10:00:00.000Z');
  const soon = new Date(finished.getTime() + 60 * 60_000);
  it.each<[SubscriptionStatus, string, boolean]>([
    ['expired', '2026-11-21T00:00:00.000Z', true],
    ['expired', '2026-11-20T09:59:59.999Z', false],
    ['completed', '2026-11-21T00:00:00.000Z', true],
    ['completed', '2026-11-19T00:00:00.000Z', false],
    ['pending', '2026-11-21T00:00:00.000Z', true],
    ['suspended', '2026-11-21T00:00:00.000Z', false],
    ['revoked', '2026-11-21T00:00:00.000Z', false],
  ])('%s until %s: %s', (status, expiryDate, counts) => {
    expect(gaveAccessAt(sub(status, expiryDate), finished, soon)).toBe(counts);
  });

  it('never for no subscription', () => {
    expect(gaveAccessAt(null, finished, soon)).toBe(false);
  });

  it('only when it arrives within LATE_WORK_MS of being done: any clock can date work before the end', () => {
    const ended = sub('expired', '2026-11-20T10:30:00.000Z');
    const after = (ms: number) => new Date(finished.getTime() + ms);
    expect(gaveAccessAt(ended, finished, after(LATE_WORK_MS))).toBe(true);
    expect(gaveAccessAt(ended, finished, after(LATE_WORK_MS + 1))).toBe(false);
  });
});

describe('contentDenialPath and isContentDenial', () => {
  it('sends each refusal where the guard keeps that status', () => {
    expect(CONTENT_DENIALS.map(contentDenialPath)).toEqual([
      '/unauthorized',
      '/subscription/no-subscription',
      '/subscription/no-subscription',
      '/subscription/suspended',
      '/subscription/revoked',
      '/onboarding',
    ]);
  });

  it('reads only our reasons', () => {
    expect(isContentDenial('expired')).toBe(true);
    expect(isContentDenial('EXPIRED')).toBe(false);
    expect(isContentDenial(undefined)).toBe(false);
    expect(isContentDenial(3)).toBe(false);
  });
});

describe('keptContentFate: what the phone does with what it downloaded', () => {
  const day = 24 * 60 * 60_000;
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it.each<[string, AccessSubscription, KeptContentFate]>([
    ['a running subscription', sub('approved', FUTURE), 'keep'],
    ['a trial ending this very millisecond', sub('completed', AT_NOW), 'keep'],
    ['ended a minute ago', sub('completed', PAST), 'lock'],
    ['expired 7 days ago to the millisecond', sub('expired', ago(7 * day)), 'lock'],
    ['expired a millisecond past the grace', sub('expired', ago(7 * day + 1)), 'remove'],
    ['not yet marked expired, past the grace', sub('approved', ago(8 * day)), 'remove'],
    ['suspended, long ago', sub('suspended', ago(30 * day)), 'lock'],
    ['revoked', sub('revoked', FUTURE), 'remove'],
    ['no subscription', null, 'remove'],
  ])('%s: %s', (_, subscription, fate) => {
    expect(keptContentFate(subscription, now)).toBe(fate);
  });
});

import { describe, expect, it } from 'vitest';
import {
  attachmentHref,
  checkAmount,
  reviewFlags,
  STAFF_ACTIONS,
  staffActionsFor,
  statusesForFilter,
} from './admin-review.ts';
import {
  adminCursorSchema,
  decodeAdminCursor,
  encodeAdminCursor,
  messagesQuerySchema,
  messageUpdateBodySchema,
  reviewActionBodySchema,
  reviewQueueQuerySchema,
} from './contract/admin.ts';
import { canTransition, SUBSCRIPTION_STATUSES } from './subscription-rules.ts';

describe('statusesForFilter', () => {
  it.each([
    ['needsAction', ['pending', 'forVerification']],
    ['pending', ['pending']],
    ['revoked', ['revoked']],
  ] as const)('%s → %j', (filter, statuses) => {
    expect(statusesForFilter(filter)).toEqual(statuses);
  });
});

describe('staffActionsFor: the staff moves of canTransition (docs/product.md#states)', () => {
  it.each([
    ['pending', ['approve', 'requestVerification', 'suspend', 'revoke']],
    ['forVerification', ['approve', 'suspend', 'revoke']],
    ['approved', ['suspend', 'revoke']],
    ['completed', ['suspend', 'revoke']],
    ['suspended', ['approve', 'revoke']],
    ['revoked', []],
    ['expired', []],
  ] as const)('%s → %j', (status, actions) => {
    expect(staffActionsFor(status)).toEqual(actions);
  });

  it('never offers an action the transition table refuses', () => {
    for (const status of SUBSCRIPTION_STATUSES) {
      for (const action of staffActionsFor(status)) {
        expect(canTransition(status, STAFF_ACTIONS[action], 'staff')).toBe(true);
      }
    }
  });
});

describe('checkAmount: recorded amounts against the plan (docs/product.md#constants)', () => {
  it.each([
    ['1-month full price', '1-month', 199, 0, 199, 199, null],
    ['1-month free-trial discount', '1-month', 199, 100, 99, 99, null],
    ['3-months full price', '3-months', 299, 0, 299, 299, null],
    ['3-months discount', '3-months', 299, 150, 149, 149, null],
  ])('%s matches', (_name, planId, price, discountAmount, final, expected, problem) => {
    expect(checkAmount({ planId, price, discountAmount, finalPrice: final })).toEqual({
      expected,
      recorded: final,
      mismatch: false,
      problem,
    });
  });

  it.each([
    ['final price below the plan', '1-month', 199, 0, 150, 199, 'Recorded 150, expected 199.'],
    ['price not the plan price', '1-month', 99, 0, 99, 199, "Price 99 is not the plan's 199."],
    [
      'an invented discount',
      '3-months',
      299,
      200,
      99,
      299,
      'Discount 200 is neither 0 nor the free-trial 150.',
    ],
    ['discount not subtracted', '1-month', 199, 100, 199, 99, 'Recorded 199, expected 99.'],
  ])('%s is a mismatch', (_name, planId, price, discountAmount, final, expected, problem) => {
    expect(checkAmount({ planId, price, discountAmount, finalPrice: final })).toEqual({
      expected,
      recorded: final,
      mismatch: true,
      problem,
    });
  });

  it.each([null, 'six-months'])('an unknown plan (%j) is a mismatch with no expectation', (id) => {
    expect(checkAmount({ planId: id, price: 199, discountAmount: 0, finalPrice: 199 })).toEqual({
      expected: null,
      recorded: 199,
      mismatch: true,
      problem: 'Unknown plan.',
    });
  });
});

describe('reviewFlags', () => {
  const fine = checkAmount({ planId: '1-month', price: 199, discountAmount: 0, finalPrice: 199 });
  const off = checkAmount({ planId: '1-month', price: 199, discountAmount: 0, finalPrice: 100 });

  it('no flags for a clean payment', () => {
    expect(
      reviewFlags({ refCodeSeenElsewhere: 0, screenshotSeenElsewhere: 0, amount: fine }),
    ).toEqual([]);
  });

  it.each([
    [1, 0, fine, ['reusedRefCode'], 'Reference code also used in 1 other payment.'],
    [2, 0, fine, ['reusedRefCode'], 'Reference code also used in 2 other payments.'],
    [0, 1, fine, ['reusedScreenshot'], 'Same screenshot also uploaded by 1 other account.'],
    [0, 0, off, ['amountMismatch'], 'Amount mismatch: Recorded 100, expected 199.'],
  ] as const)('refCode %i, screenshot %i → %j', (ref, shot, amount, kinds, message) => {
    const flags = reviewFlags({
      refCodeSeenElsewhere: ref,
      screenshotSeenElsewhere: shot,
      amount,
    });
    expect(flags.map((f) => f.kind)).toEqual(kinds);
    expect(flags[0]?.message).toBe(message);
  });

  it('all three at once, in a stable order', () => {
    const flags = reviewFlags({ refCodeSeenElsewhere: 1, screenshotSeenElsewhere: 3, amount: off });
    expect(flags.map((f) => f.kind)).toEqual([
      'reusedRefCode',
      'reusedScreenshot',
      'amountMismatch',
    ]);
  });
});

describe('attachmentHref', () => {
  it.each([
    [null, null],
    ['', null],
    ['images/userFeedbacks/u_1_a.png', '/api/files/images/userFeedbacks/u_1_a.png'],
    ['/api/files/images/userFeedbacks/a.png', '/api/files/images/userFeedbacks/a.png'],
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['http://cdn.example.com/a.png', null],
    ['javascript:alert(1)', null],
    ['data:image/png;base64,AAAA', null],
    ['images/../secrets', null],
    ['/api/files/../../logout', null],
  ])('%j → %j', (attachment, href) => {
    expect(attachmentHref(attachment)).toBe(href);
  });
});

describe('admin contract', () => {
  it('the queue defaults to the statuses needing action, 25 a page', () => {
    expect(reviewQueueQuerySchema.parse({})).toEqual({ status: 'needsAction', limit: 25 });
    expect(reviewQueueQuerySchema.safeParse({ status: 'paid' }).success).toBe(false);
    expect(reviewQueueQuerySchema.safeParse({ limit: '500' }).success).toBe(false);
  });

  it('a reason is required, trimmed, at most 500 characters', () => {
    const base = { action: 'approve', expectedStatus: 'pending' };
    expect(reviewActionBodySchema.safeParse(base).success).toBe(false);
    expect(reviewActionBodySchema.safeParse({ ...base, reason: '   ' }).success).toBe(false);
    expect(reviewActionBodySchema.safeParse({ ...base, reason: 'x'.repeat(501) }).success).toBe(
      false,
    );
    expect(reviewActionBodySchema.parse({ ...base, reason: '  GCash ok  ' }).reason).toBe(
      'GCash ok',
    );
    expect(
      reviewActionBodySchema.safeParse({ ...base, action: 'complete', reason: 'ok ok' }).success,
    ).toBe(false);
  });

  it('the inbox hides the archive unless asked', () => {
    expect(messagesQuerySchema.parse({})).toEqual({
      type: 'all',
      status: 'all',
      archived: false,
      limit: 25,
    });
    expect(messagesQuerySchema.parse({ archived: 'true' }).archived).toBe(true);
  });

  it('an inbox update changes something', () => {
    expect(messageUpdateBodySchema.safeParse({}).success).toBe(false);
    expect(messageUpdateBodySchema.safeParse({ status: 'read' }).success).toBe(true);
    expect(messageUpdateBodySchema.safeParse({ isArchive: true }).success).toBe(true);
  });

  it('cursors round-trip', () => {
    const at = new Date('2026-11-22T05:05:00.123Z');
    const id = '0b6c7f1e-8d3a-4f4e-9a51-5f0c2b1d9e77';
    const cursor = encodeAdminCursor(at, id);
    expect(adminCursorSchema.safeParse(cursor).success).toBe(true);
    expect(decodeAdminCursor(cursor)).toEqual({ at, id });
    expect(adminCursorSchema.safeParse("x'; drop table").success).toBe(false);
  });
});

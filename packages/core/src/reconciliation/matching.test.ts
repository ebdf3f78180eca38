import { describe, expect, it } from 'vitest';
import {
  type LineToMatch,
  MATCH_WINDOW_DAYS,
  type PurchaseToMatch,
  reconcile,
} from './matching.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** 2026-10-10 12:00 Manila. */
const NOON = new Date('2026-10-10T04:00:00.000Z');
const at = (ms: number) => new Date(NOON.getTime() + ms);

function purchase(id: string, over: Partial<PurchaseToMatch> = {}): PurchaseToMatch {
  return { subscriptionId: id, purchasedAt: NOON, chargedCentavos: 19900, references: [], ...over };
}

function line(identity: string, over: Partial<LineToMatch> = {}): LineToMatch {
  return {
    identity,
    occurredAt: at(-HOUR),
    amountCentavos: 19900,
    reference: null,
    sender: null,
    claimedBy: null,
    ...over,
  };
}

const typed = (value: string) => ({ value, from: 'typed' as const });
const read = (value: string) => ({ value, from: 'screenshot' as const });
/** The newest line, so every purchase above is older than the statement's end. */
const LATER = line('later', { occurredAt: at(5 * DAY), amountCentavos: 100 });

describe('reconcile: the four lists (issue 26 item 2)', () => {
  it('matched: reference and amount agree', () => {
    const report = reconcile({
      purchases: [purchase('p1', { references: [typed('7037651006674')] })],
      lines: [line('l1', { reference: '7037651006674' }), LATER],
    });
    expect(report.purchases).toEqual([
      {
        kind: 'matched',
        subscriptionId: 'p1',
        lineIdentity: 'l1',
        by: 'reference',
        reference: '7037651006674',
        amountCentavos: 19900,
      },
    ]);
    expect(report.paidNotClaimed).toEqual(['later']);
  });

  it('amount differs: flagged with both figures, the line is spent', () => {
    const report = reconcile({
      purchases: [purchase('p1', { chargedCentavos: 9900, references: [typed('7037651006674')] })],
      lines: [line('l1', { reference: '7037651006674', amountCentavos: 19900 }), LATER],
    });
    expect(report.purchases).toEqual([
      {
        kind: 'amountDiffers',
        subscriptionId: 'p1',
        lineIdentity: 'l1',
        reference: '7037651006674',
        expectedCentavos: 9900,
        statementCentavos: 19900,
      },
    ]);
    expect(report.paidNotClaimed).toEqual(['later']);
  });

  it('not in the statement: older than the newest line and not found', () => {
    const report = reconcile({
      purchases: [purchase('p1', { references: [typed('7037651006674')] })],
      lines: [LATER],
    });
    expect(report.purchases).toEqual([
      { kind: 'notInStatement', subscriptionId: 'p1', candidates: [] },
    ]);
  });

  it('not yet covered: newer than the newest line, not flagged', () => {
    const report = reconcile({
      purchases: [
        purchase('p1', { purchasedAt: at(6 * DAY), references: [typed('7037651006674')] }),
      ],
      lines: [LATER],
    });
    expect(report.purchases).toEqual([{ kind: 'notYetCovered', subscriptionId: 'p1' }]);
    expect(report.coveredUntil).toEqual(LATER.occurredAt);
  });

  it('paid but not claimed: every unclaimed line, newest first', () => {
    const report = reconcile({
      purchases: [],
      lines: [line('old', { occurredAt: at(-DAY) }), line('new', { occurredAt: at(DAY) })],
    });
    expect(report.paidNotClaimed).toEqual(['new', 'old']);
  });

  it('an empty statement covers nothing', () => {
    const report = reconcile({ purchases: [purchase('p1')], lines: [] });
    expect(report).toEqual({
      purchases: [{ kind: 'notYetCovered', subscriptionId: 'p1' }],
      paidNotClaimed: [],
      coveredUntil: null,
    });
  });
});

describe('reconcile: a reference satisfies one purchase only, ever', () => {
  const ref = '7037651006674';

  it('two purchases citing one reference: the typed one has it, the read one is flagged', () => {
    const report = reconcile({
      purchases: [
        purchase('early-screenshot', { purchasedAt: at(-2 * HOUR), references: [read(ref)] }),
        purchase('late-typed', { references: [typed(ref)] }),
      ],
      lines: [line('l1', { reference: ref, occurredAt: at(-3 * HOUR) }), LATER],
    });
    expect(report.purchases).toEqual([
      {
        kind: 'referenceUsed',
        subscriptionId: 'early-screenshot',
        reference: ref,
        usedBy: 'late-typed',
      },
      expect.objectContaining({
        kind: 'matched',
        subscriptionId: 'late-typed',
        lineIdentity: 'l1',
      }),
    ]);
  });

  it('of two readings of one reference, the older purchase has it', () => {
    const report = reconcile({
      purchases: [
        purchase('newer', { references: [read(ref)] }),
        purchase('older', { purchasedAt: at(-HOUR), references: [read(ref)] }),
      ],
      lines: [line('l1', { reference: ref, occurredAt: at(-2 * HOUR) }), LATER],
    });
    expect(report.purchases.map((o) => [o.subscriptionId, o.kind])).toEqual([
      ['older', 'matched'],
      ['newer', 'referenceUsed'],
    ]);
  });

  it('a reference spent by an approved purchase cannot be claimed again', () => {
    const report = reconcile({
      purchases: [purchase('p2', { references: [read(ref)] })],
      lines: [line('l1', { reference: ref }), LATER],
      spentReferences: new Map([[ref, 'p1-approved']]),
    });
    expect(report.purchases).toEqual([
      { kind: 'referenceUsed', subscriptionId: 'p2', reference: ref, usedBy: 'p1-approved' },
    ]);
    // The line is not the newcomer's, and it is not unclaimed money either: p1 paid with it.
    expect(report.paidNotClaimed).toEqual(['later']);
  });

  it('a line claimed by an earlier reconciliation stays with its purchase', () => {
    const report = reconcile({
      purchases: [purchase('p2', { references: [typed(ref)] })],
      lines: [line('l1', { reference: ref, claimedBy: 'p1' }), LATER],
    });
    expect(report.purchases).toEqual([
      { kind: 'referenceUsed', subscriptionId: 'p2', reference: ref, usedBy: 'p1' },
    ]);
    expect(report.paidNotClaimed).toEqual(['later']);
  });

  it('running again over the same claims changes nothing (idempotent)', () => {
    const input = {
      purchases: [purchase('p1', { references: [typed(ref)] })],
      lines: [line('l1', { reference: ref }), LATER],
    };
    const first = reconcile(input);
    const again = reconcile({
      ...input,
      lines: [line('l1', { reference: ref, claimedBy: 'p1' }), LATER],
      spentReferences: new Map([[ref, 'p1']]),
    });
    expect(again).toEqual(first);
  });

  it('a screenshot’s reading is tried when the typed code is not in the statement', () => {
    const report = reconcile({
      purchases: [purchase('p1', { references: [typed('1111111111111'), read(ref)] })],
      lines: [line('l1', { reference: ref }), LATER],
    });
    expect(report.purchases[0]).toMatchObject({ kind: 'matched', reference: ref });
  });
});

describe('reconcile: by amount and time, for a purchase with no reference', () => {
  it('matches the one unclaimed line of the charged amount in the window', () => {
    const report = reconcile({
      purchases: [purchase('p1')],
      lines: [
        line('wrong-amount', { amountCentavos: 29900 }),
        line('it', { occurredAt: at(-2 * DAY), sender: 'JUAN' }),
        LATER,
      ],
    });
    expect(report.purchases).toEqual([
      {
        kind: 'matched',
        subscriptionId: 'p1',
        lineIdentity: 'it',
        by: 'amountAndTime',
        reference: null,
        amountCentavos: 19900,
      },
    ]);
  });

  it.each([
    [`${MATCH_WINDOW_DAYS} Manila days before`, -MATCH_WINDOW_DAYS * DAY, true],
    [`${MATCH_WINDOW_DAYS + 1} Manila days before`, -(MATCH_WINDOW_DAYS + 1) * DAY, false],
    ['the next Manila day (clocks disagree near midnight)', DAY, true],
    ['two Manila days after', 2 * DAY, false],
    // 23:59 Manila the day before is one Manila day before, though only 12 hours earlier.
    ['12 hours before, the previous Manila day', -12 * HOUR - HOUR / 60, true],
  ])('a line %s is %s in the window', (_when, offset, inside) => {
    const report = reconcile({
      purchases: [purchase('p1')],
      lines: [
        line('l', { occurredAt: at(offset) }),
        line('end', { occurredAt: at(9 * DAY), amountCentavos: 1 }),
      ],
    });
    expect(report.purchases[0]?.kind).toBe(inside ? 'matched' : 'notInStatement');
  });

  it('two lines fit: left to staff as candidates, nothing matched', () => {
    const report = reconcile({
      purchases: [purchase('p1')],
      lines: [
        line('a', { occurredAt: at(-HOUR) }),
        line('b', { occurredAt: at(-2 * HOUR) }),
        LATER,
      ],
    });
    expect(report.purchases).toEqual([
      { kind: 'notInStatement', subscriptionId: 'p1', candidates: ['b', 'a'] },
    ]);
    expect(report.paidNotClaimed).toEqual(['later', 'a', 'b']);
  });

  it('one line fits two purchases: neither is matched', () => {
    const report = reconcile({
      purchases: [purchase('p1'), purchase('p2', { purchasedAt: at(HOUR) })],
      lines: [line('only'), LATER],
    });
    expect(report.purchases.map((o) => o.kind)).toEqual(['notInStatement', 'notInStatement']);
  });

  it('never takes a line another purchase cites by reference', () => {
    const report = reconcile({
      purchases: [purchase('p1'), purchase('p2', { references: [typed('9999999999999')] })],
      lines: [
        line('cited', { reference: '9999999999999', amountCentavos: 29900 }),
        line('x', { reference: '9999999999999' }),
        LATER,
      ],
    });
    expect(report.purchases.find((o) => o.subscriptionId === 'p1')?.kind).toBe('notInStatement');
  });

  it('never takes a line claimed before', () => {
    const report = reconcile({
      purchases: [purchase('p1')],
      lines: [line('claimed', { claimedBy: 'p0' }), LATER],
    });
    expect(report.purchases[0]).toEqual({
      kind: 'notInStatement',
      subscriptionId: 'p1',
      candidates: [],
    });
  });

  it('a purchase with a reference is never matched by amount alone', () => {
    const report = reconcile({
      purchases: [purchase('p1', { references: [typed('1234567890123')] })],
      lines: [line('same-amount'), LATER],
    });
    expect(report.purchases[0]).toEqual({
      kind: 'notInStatement',
      subscriptionId: 'p1',
      candidates: ['same-amount'],
    });
  });
});

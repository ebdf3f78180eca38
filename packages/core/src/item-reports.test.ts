import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPORT_HOLD_THRESHOLD,
  holdsForEveryone,
  REPORTS_PER_DAY,
  reportRefusal,
} from './item-reports.ts';

describe('reportRefusal (issue 21 finding 2)', () => {
  it.each([
    [{ served: true, alreadyOpen: false, sentToday: 0 }, null],
    [{ served: true, alreadyOpen: false, sentToday: REPORTS_PER_DAY - 1 }, null],
    [{ served: true, alreadyOpen: false, sentToday: REPORTS_PER_DAY }, 'dailyCap'],
    // Sending an open report again changes nothing, so it is never refused for the cap.
    [{ served: true, alreadyOpen: true, sentToday: REPORTS_PER_DAY }, null],
    [{ served: false, alreadyOpen: false, sentToday: 0 }, 'notServed'],
    [{ served: false, alreadyOpen: true, sentToday: REPORTS_PER_DAY }, 'notServed'],
  ] as const)('%o → %s', (input, refusal) => {
    expect(reportRefusal(input)).toBe(refusal);
  });
});

describe('holdsForEveryone', () => {
  it('holds from the threshold of distinct reporters on', () => {
    expect(DEFAULT_REPORT_HOLD_THRESHOLD).toBe(3);
    expect(holdsForEveryone(2, 3)).toBe(false);
    expect(holdsForEveryone(3, 3)).toBe(true);
    expect(holdsForEveryone(4, 3)).toBe(true);
  });

  it('never holds an item nobody reports, whatever the setting', () => {
    expect(holdsForEveryone(0, 0)).toBe(false);
    expect(holdsForEveryone(1, 0)).toBe(true);
    expect(holdsForEveryone(1, 1)).toBe(true);
  });
});

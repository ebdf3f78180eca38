/**
 * Reports of wrong items (issue 21 finding 2; docs/product.md#reports): a student reports only
 * an item they were served; the report hides the item from that student's own draws at once, and
 * from everyone only once enough distinct students report it (a threshold staff set) or staff
 * decide; a student sends at most `REPORTS_PER_DAY` a Manila day. So one student, or one account
 * made for the purpose, can no longer empty a mock for everyone.
 */

/** Reports one student may send in a Manila day. */
export const REPORTS_PER_DAY = 10;

/** Distinct students whose open reports hold an item for everyone, until staff set otherwise. */
export const DEFAULT_REPORT_HOLD_THRESHOLD = 3;
export const REPORT_HOLD_THRESHOLD_RANGE = { min: 1, max: 50 } as const;

export const REPORT_MESSAGES = {
  notServed: 'You can report an item only from a quiz you have taken.',
  dailyCap: `You have sent ${REPORTS_PER_DAY} reports today. Our team is reviewing them; you can send more tomorrow.`,
} as const;

export type ReportRefusal = keyof typeof REPORT_MESSAGES;

/**
 * Whether a student's report is refused: the item was never in one of their quizzes, or they have
 * sent the day's reports already. A second report of the same open item is no refusal (it changes
 * nothing and counts for nothing).
 */
export function reportRefusal(input: {
  served: boolean;
  alreadyOpen: boolean;
  sentToday: number;
}): ReportRefusal | null {
  if (!input.served) return 'notServed';
  if (input.alreadyOpen) return null;
  return input.sentToday >= REPORTS_PER_DAY ? 'dailyCap' : null;
}

/** Whether an item's open reports hold it out of everyone's draws. */
export function holdsForEveryone(openReporters: number, threshold: number): boolean {
  return openReporters >= Math.max(REPORT_HOLD_THRESHOLD_RANGE.min, threshold);
}

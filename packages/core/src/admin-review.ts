import { finalPrice, freeTrialDiscount, getPlan } from './plans.ts';
import {
  canTransition,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from './subscription-rules.ts';

/**
 * Rules of the staff console's payment review and message inbox (docs/product.md#staff; issue 3 item 6,
 * issue 5 item 5). Each rule has its one home here; the server applies them, the web shows them.
 */

/**
 * The queue's default filter: what staff still have to act on. A pending purchase waits for a
 * decision; a forVerification one waits for the student's proof and comes back to pending with it,
 * but stays in view so staff can chase it (our decision; the spec is silent).
 */
export const NEEDS_ACTION_STATUSES = [
  'pending',
  'forVerification',
] as const satisfies readonly SubscriptionStatus[];

/** The console's status filter: one status, or the statuses that need action (the default). */
export const REVIEW_FILTERS = ['needsAction', ...SUBSCRIPTION_STATUSES] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/** The statuses a review filter selects. */
export function statusesForFilter(filter: ReviewFilter): readonly SubscriptionStatus[] {
  return filter === 'needsAction' ? NEEDS_ACTION_STATUSES : [filter];
}

/** The staff actions of the console and the status each one sets (docs/product.md#states; docs/product.md#buying). */
export const STAFF_ACTIONS = {
  approve: 'approved',
  requestVerification: 'forVerification',
  suspend: 'suspended',
  revoke: 'revoked',
} as const satisfies Record<string, SubscriptionStatus>;
export type StaffAction = keyof typeof STAFF_ACTIONS;
export const STAFF_ACTION_NAMES = Object.keys(STAFF_ACTIONS) as StaffAction[];

/** The actions staff may take on a subscription in `status`: core `canTransition` for 'staff'. */
export function staffActionsFor(status: SubscriptionStatus): StaffAction[] {
  return STAFF_ACTION_NAMES.filter((action) =>
    canTransition(status, STAFF_ACTIONS[action], 'staff'),
  );
}

/** A reason is required for every staff action, so the audit log says why (issue 3 item 6). */
export const STAFF_REASON_MIN = 3;
export const STAFF_REASON_MAX = 500;

/** Ours: the console's texts where the spec has none. */
export const ADMIN_MESSAGES = {
  REASON_REQUIRED: `Enter a reason (at least ${STAFF_REASON_MIN} characters).`,
  REASON_TOO_LONG: `The reason is at most ${STAFF_REASON_MAX} characters.`,
  NOT_A_PAYMENT: 'A free trial is not a payment to review.',
  changedMeanwhile: (status: SubscriptionStatus): string =>
    `This payment changed while you were looking at it: it is now ${status}. Review it again.`,
  NOTHING_TO_CHANGE: 'Say what to change: the status or the archive flag.',
} as const;

export interface RecordedAmount {
  planId: string | null;
  price: number;
  discountAmount: number;
  finalPrice: number;
}

export interface AmountCheck {
  /** What the student should have sent for this plan with the discount recorded, or null (unknown plan). */
  expected: number | null;
  /** What the purchase recorded as paid. */
  recorded: number;
  mismatch: boolean;
  /** Why it does not match; null when it does. */
  problem: string | null;
}

/**
 * Checks a purchase's recorded amounts against the plan catalogue (docs/product.md#buying: the amount is
 * checked against the plan; docs/product.md#plans prices and the 50% free-trial discount): the price is the
 * plan's, the discount is none or the free-trial discount, and the final price is price − discount.
 */
export function checkAmount(recorded: RecordedAmount): AmountCheck {
  const plan = recorded.planId === null ? undefined : getPlan(recorded.planId);
  const base = { recorded: recorded.finalPrice };
  if (!plan) return { ...base, expected: null, mismatch: true, problem: 'Unknown plan.' };
  const discounts = [0, freeTrialDiscount(plan.price)];
  const discount = discounts.includes(recorded.discountAmount) ? recorded.discountAmount : 0;
  const expected = finalPrice(plan.price, discount);
  if (recorded.price !== plan.price) {
    return {
      ...base,
      expected,
      mismatch: true,
      problem: `Price ${recorded.price} is not the plan's ${plan.price}.`,
    };
  }
  if (!discounts.includes(recorded.discountAmount)) {
    return {
      ...base,
      expected,
      mismatch: true,
      problem: `Discount ${recorded.discountAmount} is neither 0 nor the free-trial ${discounts[1]}.`,
    };
  }
  if (recorded.finalPrice !== expected) {
    return {
      ...base,
      expected,
      mismatch: true,
      problem: `Recorded ${recorded.finalPrice}, expected ${expected}.`,
    };
  }
  return { ...base, expected, mismatch: false, problem: null };
}

export type ReviewFlagKind = 'reusedRefCode' | 'reusedScreenshot' | 'amountMismatch';

export interface ReviewFlag {
  kind: ReviewFlagKind;
  message: string;
}

/**
 * The warnings on a queue item (docs/product.md#buying: a reused code or a screenshot whose content
 * hash was seen before is flagged, and the amount is checked against the plan). The counts are of
 * other transactions citing the same code, and of other accounts that uploaded the same image (a
 * student re-uploading their own receipt after a dropped connection is not suspicious).
 */
export function reviewFlags(input: {
  refCodeSeenElsewhere: number;
  screenshotSeenElsewhere: number;
  amount: AmountCheck;
}): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  if (input.refCodeSeenElsewhere > 0) {
    flags.push({
      kind: 'reusedRefCode',
      message: `Reference code also used in ${plural(input.refCodeSeenElsewhere, 'other payment')}.`,
    });
  }
  if (input.screenshotSeenElsewhere > 0) {
    flags.push({
      kind: 'reusedScreenshot',
      message: `Same screenshot also uploaded by ${plural(input.screenshotSeenElsewhere, 'other account')}.`,
    });
  }
  if (input.amount.mismatch) {
    flags.push({
      kind: 'amountMismatch',
      message: `Amount mismatch: ${input.amount.problem ?? 'check the plan.'}`,
    });
  }
  return flags;
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** Message inbox filters (docs/product.md#entities user_messages: messageType, status, isArchive). */
export const INBOX_TYPE_FILTERS = ['all', 'feedbacks', 'suggestions', 'issues'] as const;
export const INBOX_STATUS_FILTERS = ['all', 'unread', 'read'] as const;

/**
 * Where staff open a message's attachment (docs/product.md#entities attachment: url or null; docs/product.md#file-storage storage path
 * images/userFeedbacks/…): a storage path is served by GET /api/files/*, a same-site path or an
 * https URL is used as is, anything else (javascript:, data:, http:) is not linked.
 */
export function attachmentHref(attachment: string | null): string | null {
  if (attachment === null) return null;
  const value = attachment.trim();
  if (value === '') return null;
  const storagePath = value.startsWith('/api/files/') ? value.slice('/api/files/'.length) : value;
  if (/^images\/[A-Za-z0-9._/-]+$/.test(storagePath) && !storagePath.includes('..')) {
    return `/api/files/${storagePath}`;
  }
  if (/^https:\/\/[^\s]+$/i.test(value)) return value;
  return null;
}

/** docs/product.md#subscription-statuses: every status a subscription can have. The contract's `subscriptionStatusSchema` is built from it. */
export const SUBSCRIPTION_STATUSES = [
  'pending',
  'forVerification',
  'approved',
  'completed',
  'suspended',
  'revoked',
  'expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Statuses that are active or in progress (docs/product.md#subscription-statuses). */
export const ACTIVE_OR_IN_PROGRESS = [
  'pending',
  'forVerification',
  'approved',
] as const satisfies readonly SubscriptionStatus[];

/** Whether a status is active or in progress: pending, forVerification, approved (docs/product.md#states). */
export function isActiveOrInProgress(status: SubscriptionStatus | null | undefined): boolean {
  return (ACTIVE_OR_IN_PROGRESS as readonly string[]).includes(status ?? '');
}

/**
 * The statuses that give access until `expiryDate` (the guard's table), and so those of a queued
 * subscription that takes over when the current one ends (docs/product.md#subscription-queue): a
 * renewal still under review takes over as it is, as a purchase made after the end would give
 * access at once. Waiting for staff locked out a student who had paid.
 */
export const ACCESS_STATUSES: readonly SubscriptionStatus[] = [
  'pending',
  'forVerification',
  'approved',
  'completed',
];

/**
 * Whether a status gives access to the app until expiryDate: pending, forVerification, approved
 * and completed do; suspended, revoked and expired do not (docs/product.md#access; docs/product.md#route-guard
 * outcomes).
 */
export function grantsAccess(status: SubscriptionStatus | null | undefined): boolean {
  return status != null && ACCESS_STATUSES.includes(status);
}

/** A free trial is current while isFreeTrial is true and the status is neither expired nor revoked (docs/product.md#states). */
export function isFreeTrialCurrent(
  sub: { isFreeTrial: boolean; status: SubscriptionStatus } | null,
): boolean {
  if (sub === null || !sub.isFreeTrial) return false;
  return sub.status !== 'expired' && sub.status !== 'revoked';
}

/**
 * Whether the user counts as having paid before (docs/product.md#states): a free-trial record counts only with more
 * than one transaction id; a non-trial record always counts; no record does not.
 */
export function hasPaidBefore(
  sub: { isFreeTrial: boolean; transactionIds: readonly string[] } | null,
): boolean {
  if (sub === null) return false;
  return !sub.isFreeTrial || sub.transactionIds.length > 1;
}

/**
 * Extension rule (docs/product.md#extension): a purchase is an extension when a subscription exists and is
 * neither revoked nor expired. The new term then starts when the current one ends (docs/product.md#buying).
 */
export function isExtension(current: { status: SubscriptionStatus } | null): boolean {
  return current !== null && current.status !== 'revoked' && current.status !== 'expired';
}

/**
 * Purchase blocking (docs/product.md#purchase-blocking, #roles): blocked while any queued subscription is
 * pending, approved or forVerification, or while the current non-trial subscription is.
 */
export function isPurchaseBlocked(input: {
  current: { status: SubscriptionStatus; isFreeTrial: boolean } | null;
  queued: readonly { status: SubscriptionStatus }[];
}): boolean {
  const { current, queued } = input;
  if (queued.some((sub) => isActiveOrInProgress(sub.status))) return true;
  return current !== null && !current.isFreeTrial && isActiveOrInProgress(current.status);
}

/**
 * A suspended student cannot buy (docs/product.md#subscription-queue): the guard locks them to the
 * suspended page until staff decide, and a purchase would wait behind the hold, paid for and giving
 * no access. The server refuses it too, for a call that never went through the guard.
 */
export function isBuyingSuspended(current: { status: SubscriptionStatus } | null): boolean {
  return current?.status === 'suspended';
}

/** How many paid purchases revoked in a row bar buying for a while. */
export const REVOKED_IN_A_ROW_LIMIT = 2;

/** How long that bar lasts after the latest revocation. */
export const REVOKED_BAR_DAYS = 7;

/**
 * Until when buying is barred (docs/product.md#purchase-blocking), or null when it is not: the
 * student's latest paid purchases (newest first, each with when it last changed) were revoked
 * `REVOKED_IN_A_ROW_LIMIT` times in a row, and the latest revocation is less than
 * `REVOKED_BAR_DAYS` old. A pending purchase gives access until staff review it, so without this a
 * made-up reference bought the review's hours of access again after every revocation. One revoked
 * purchase still leaves the way out the revoked page offers, and the bar ends on its own.
 */
export function revokedBuyingBarUntil(
  latestPaid: readonly { status: SubscriptionStatus; updatedAt: Date }[],
  now: Date,
): Date | null {
  const latest = latestPaid.slice(0, REVOKED_IN_A_ROW_LIMIT);
  if (latest.length < REVOKED_IN_A_ROW_LIMIT || latest.some((s) => s.status !== 'revoked')) {
    return null;
  }
  const lastRevokedAt = Math.max(...latest.map((s) => s.updatedAt.getTime()));
  const until = new Date(lastRevokedAt + REVOKED_BAR_DAYS * 24 * 60 * 60 * 1000);
  return until.getTime() > now.getTime() ? until : null;
}

/**
 * The status a staff move stores (docs/product.md#status-transitions): as asked, except that lifting
 * a suspended free trial (staff approve it) restores `completed`, the status a running trial has.
 * No one paid for it: stored as approved it showed the student "Payment approved!" and hid the
 * trial's end date.
 */
export function storedStaffStatus(
  sub: { status: SubscriptionStatus; isFreeTrial: boolean },
  to: SubscriptionStatus,
): SubscriptionStatus {
  return sub.isFreeTrial && sub.status === 'suspended' && to === 'approved' ? 'completed' : to;
}

/**
 * Expiry rule (docs/product.md#route-guard "The route guard sets a subscription past its expiryDate to expired"):
 * true only when `now` is strictly after expiryDate. An unparseable date throws a RangeError rather
 * than silently granting or removing access.
 */
export function isPastExpiry(expiryDate: Date | string, now: Date): boolean {
  const expiry = typeof expiryDate === 'string' ? new Date(expiryDate) : expiryDate;
  const expiryMs = expiry.getTime();
  const nowMs = now.getTime();
  if (Number.isNaN(expiryMs)) throw new RangeError(`Invalid expiryDate: ${String(expiryDate)}`);
  if (Number.isNaN(nowMs)) throw new RangeError('Invalid now');
  return nowMs > expiryMs;
}

export type TransitionActor = 'student' | 'staff' | 'system';

/**
 * Who may move a subscription from which status to which (docs/product.md#states; docs/product.md#buying).
 * Our decision, since the spec only names the moves:
 * - student: approved → completed (closing the "Payment approved!" banner);
 * - staff: review a payment (approve, ask for proof), suspend, revoke, and lift a suspension;
 * - system: the expiry sweep and the route guard set any access-granting status to expired.
 * Revoked and expired are final; a new purchase makes a new subscription.
 */
export const STATUS_TRANSITIONS: Readonly<
  Record<
    TransitionActor,
    Readonly<Partial<Record<SubscriptionStatus, readonly SubscriptionStatus[]>>>
  >
> = {
  student: {
    approved: ['completed'],
  },
  staff: {
    pending: ['approved', 'forVerification', 'suspended', 'revoked'],
    forVerification: ['approved', 'suspended', 'revoked'],
    approved: ['suspended', 'revoked'],
    completed: ['suspended', 'revoked'],
    suspended: ['approved', 'revoked'],
  },
  system: {
    pending: ['expired'],
    forVerification: ['expired'],
    approved: ['expired'],
    completed: ['expired'],
  },
};

/** Whether `actor` may change a subscription from `from` to `to` (docs/product.md#states; see STATUS_TRANSITIONS). */
export function canTransition(
  from: SubscriptionStatus,
  to: SubscriptionStatus,
  actor: TransitionActor,
): boolean {
  return STATUS_TRANSITIONS[actor][from]?.includes(to) ?? false;
}

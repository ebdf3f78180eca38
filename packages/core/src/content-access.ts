import { LOCKED } from './guard.ts';
import { PATHS } from './paths.ts';
import { grantsAccess, isPastExpiry, type SubscriptionStatus } from './subscription-rules.ts';

/**
 * The paywall, decided on the server (issue 21 finding 1; docs/product.md#paywall): every content
 * read and every new attempt needs the reviewer's grant and a subscription that gives access now
 * (the guard's statuses, until `expiryDate`). The web app's guard mirrors it; the server's refusal
 * names the reason, and the web app goes where the guard would (`contentDenialPath`). Tasks'
 * writes are refused the same way, and also for want of onboarding (`tasksDenial`).
 */
export const CONTENT_DENIALS = [
  'noReviewer',
  'noSubscription',
  'expired',
  'suspended',
  'revoked',
  'notOnboarded',
] as const;
export type ContentDenial = (typeof CONTENT_DENIALS)[number];

/** The current subscription as the paywall reads it. */
export type AccessSubscription = {
  status: SubscriptionStatus;
  expiryDate: Date | string;
} | null;

export const CONTENT_DENIAL_MESSAGES: Readonly<Record<ContentDenial, string>> = {
  noReviewer: 'You do not have access to this reviewer.',
  noSubscription: 'You need a subscription to open this.',
  expired: 'Your subscription has ended: renew it to continue.',
  suspended: 'Your subscription is suspended.',
  revoked: 'Your subscription was revoked.',
  notOnboarded: 'Finish setting up your review first.',
};

/** Why the subscription gives no access at `at`, or null when it does. */
export function subscriptionDenial(
  subscription: AccessSubscription,
  at: Date,
): Exclude<ContentDenial, 'noReviewer' | 'notOnboarded'> | null {
  if (subscription === null) return 'noSubscription';
  if (subscription.status === 'suspended') return 'suspended';
  if (subscription.status === 'revoked') return 'revoked';
  if (!grantsAccess(subscription.status) || isPastExpiry(subscription.expiryDate, at)) {
    return 'expired';
  }
  return null;
}

/**
 * Why a student may not read a reviewer's content or start an attempt under it now, or null when
 * they may: the grant first (an unknown reviewer is refused the same way), then the subscription.
 * `queuedUntil`: the end of the queued subscription that takes over when the current one ends
 * (any that gives access, `ACCESS_STATUSES`), if any. When the current one has ended on its own and that one
 * runs, there is access: the next claims read makes it current. The paywall itself never changes
 * a subscription; the guard's claims read expires it, with the spec's alert (docs/product.md#errors).
 */
export function contentDenial(input: {
  granted: boolean;
  subscription: AccessSubscription;
  queuedUntil?: Date | string | null;
  now: Date;
}): ContentDenial | null {
  if (!input.granted) return 'noReviewer';
  const denial = subscriptionDenial(input.subscription, input.now);
  const { queuedUntil } = input;
  if (denial === 'expired' && queuedUntil != null && !isPastExpiry(queuedUntil, input.now)) {
    return null;
  }
  return denial;
}

/**
 * Why a student may not earn or spend gems on Tasks now (a reward claim, a streak freeze), or null
 * when they may: refused exactly when the route guard keeps them from Tasks (`decideRoute`): not
 * onboarded, then the subscription as the paywall reads it (a locked status, or one past its
 * expiry date, unless a queued one takes over, which the guard's claims read makes current). No
 * grant is asked: Tasks belongs to no reviewer. Unlike work done offline (`gaveAccessAt`), nothing
 * earned before the end is claimed after it: a claim is made now, and pays onto this week's board.
 */
export function tasksDenial(input: {
  isOnboarded: boolean;
  subscription: AccessSubscription;
  queuedUntil?: Date | string | null;
  now: Date;
}): ContentDenial | null {
  if (!input.isOnboarded) return 'notOnboarded';
  return contentDenial({ granted: true, ...input });
}

/**
 * How long work done before a natural end may take to reach the server and still count: a day.
 * The phone's outbox sends the moment there is a connection, so such work arrives late only when
 * the phone stayed offline from the work until after the end (a bus ride, a brownout, no load on
 * the last day). Its time is the phone's, which a wrong or forged clock can set anywhere before the
 * end; without a bound an ended student could send quizzes dated before it for the 14 days an
 * offline quiz may be (`OFFLINE_MAX_AGE_MS`) and keep earning gems and points. With it, such work
 * can be dated at most a day back and sent at most a day after the end: a day's lite quizzes at
 * most, what a student on that bus could truly have done (docs/offline.md).
 */
export const LATE_WORK_MS = 24 * 60 * 60_000;

/**
 * Whether work done at `at` and received `now` counts although the subscription has since ended on
 * its own: a lite quiz taken offline before the end date and sent after it. An access status (or
 * `expired`, which only the end date sets) with `at` on or before `expiryDate`, and no more than
 * `LATE_WORK_MS` before `now`; never after staff suspended or revoked it.
 */
export function gaveAccessAt(subscription: AccessSubscription, at: Date, now: Date): boolean {
  if (subscription === null) return false;
  const { status } = subscription;
  if (!grantsAccess(status) && status !== 'expired') return false;
  if (now.getTime() - at.getTime() > LATE_WORK_MS) return false;
  return !isPastExpiry(subscription.expiryDate, at);
}

/** Where the web app goes on a refusal: the page the guard keeps that status on. */
export function contentDenialPath(denial: ContentDenial): string {
  if (denial === 'noReviewer') return PATHS.unauthorized;
  if (denial === 'notOnboarded') return PATHS.onboarding;
  if (denial === 'noSubscription') return LOCKED.none?.home ?? PATHS.noSubscription;
  return LOCKED[denial]?.home ?? PATHS.noSubscription;
}

/** Whether a refusal's reason (as the API sends it) is one of ours. */
export function isContentDenial(reason: unknown): reason is ContentDenial {
  return typeof reason === 'string' && (CONTENT_DENIALS as readonly string[]).includes(reason);
}

/** How long a phone keeps what it downloaded after the subscription ended on its own. */
export const KEPT_CONTENT_GRACE_DAYS = 7;
const GRACE_MS = KEPT_CONTENT_GRACE_DAYS * 24 * 60 * 60_000;

export type KeptContentFate = 'keep' | 'lock' | 'remove';

/**
 * What a phone does with the content it keeps for offline study (issue 21 finding 1): keeps and
 * refreshes it while the subscription gives access; locks it (no refresh, and the guard keeps the
 * screens shut) once it ends, so a renewal within `KEPT_CONTENT_GRACE_DAYS` finds it all there; then
 * removes it. A suspension stays locked (staff may lift it); a revocation, or no subscription at
 * all, removes it at once.
 */
export function keptContentFate(subscription: AccessSubscription, now: Date): KeptContentFate {
  const denial = subscriptionDenial(subscription, now);
  if (denial === null) return 'keep';
  if (denial === 'suspended') return 'lock';
  if (subscription === null || denial !== 'expired') return 'remove';
  const ended = new Date(subscription.expiryDate).getTime();
  return now.getTime() - ended > GRACE_MS ? 'remove' : 'lock';
}

/**
 * The reviewer a screen opens on (/quiz, /study): the address's `?reviewer=` when the student may
 * use it, else their first. The web app decides it with the usable tracks; the server, announcing
 * the screen's data in its HTML, with the granted ones (a granted track withdrawn since costs one
 * unused preload).
 */
export const chosenReviewer = <T extends { shorthand: string }>(
  usable: readonly T[],
  wanted: string | null,
): T | null => usable.find((r) => r.shorthand === wanted) ?? usable[0] ?? null;

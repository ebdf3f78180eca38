import { MESSAGES } from './messages.ts';
import { isFreeTrialCurrent, type SubscriptionStatus } from './subscription-rules.ts';

/** The free-trial discount is available for 24 h after account creation (docs/product.md#constants). */
export const FREE_TRIAL_DISCOUNT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The instant the free-trial discount ends: account creation + 24 h (docs/product.md#free-trial-discount, #constants). */
export function discountDeadline(userCreatedAt: Date): Date {
  return new Date(userCreatedAt.getTime() + FREE_TRIAL_DISCOUNT_WINDOW_MS);
}

/**
 * How long after the window a purchase started inside it keeps the discounted price
 * (docs/product.md#free-trial-discount, ours): a student who picks a plan as the countdown runs out
 * still has to send the transfer and find its reference code.
 */
export const DISCOUNT_HOLD_MS = 60 * 60 * 1000;

/** The instant a discount held for a purchase started inside the window ends: window end + 1 h. */
export function discountHoldEnd(userCreatedAt: Date): Date {
  return new Date(discountDeadline(userCreatedAt).getTime() + DISCOUNT_HOLD_MS);
}

/**
 * Free-trial discount rule (docs/product.md#free-trial-discount): live while the subscription is a current
 * free trial, less than 24 h have passed since account creation (exactly 24 h is over), and there
 * are no queued subscriptions. `heldUntil`, the hold a purchase started inside the window took
 * (`discountHoldEnd`), keeps it live until then on the same conditions.
 */
export function isDiscountLive(input: {
  subscription: { isFreeTrial: boolean; status: SubscriptionStatus } | null;
  userCreatedAt: Date;
  queuedCount: number;
  now: Date;
  heldUntil?: Date | null;
}): boolean {
  const endsAt = Math.max(
    discountDeadline(input.userCreatedAt).getTime(),
    input.heldUntil?.getTime() ?? 0,
  );
  return (
    isFreeTrialCurrent(input.subscription) &&
    input.queuedCount === 0 &&
    input.now.getTime() < endsAt
  );
}

/** Milliseconds left in the free-trial discount window, never below 0 (docs/product.md#free-trial-discount). */
export function discountRemainingMs(userCreatedAt: Date, now: Date): number {
  return Math.max(discountDeadline(userCreatedAt).getTime() - now.getTime(), 0);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Countdown text (docs/product.md#free-trial-discount): 'hh mm ss' ('spaced') or 'hh:mm:ss' ('colon'),
 * floored to whole seconds; hours are not wrapped into days. At zero (or NaN) it shows 'Expired'.
 */
export function formatCountdown(ms: number, style: 'spaced' | 'colon'): string {
  if (!(ms > 0)) return MESSAGES.EXPIRED;
  if (!Number.isFinite(ms)) throw new RangeError('Countdown must be finite');
  const totalSeconds = Math.floor(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return [hours, minutes, seconds].map(pad2).join(style === 'spaced' ? ' ' : ':');
}

/**
 * The server clock's offset from the device clock, in ms (docs/product.md#server-functions getServerTime: "The server time
 * is fetched for the discount"; docs/product.md#time: the server clock is authoritative). The server's
 * reading is taken to be at the midpoint of the round trip; device time + offset = server time.
 */
export function serverClockOffset(input: {
  serverTimeMs: number;
  sentAtMs: number;
  receivedAtMs: number;
}): number {
  const { serverTimeMs, sentAtMs, receivedAtMs } = input;
  if (![serverTimeMs, sentAtMs, receivedAtMs].every(Number.isFinite)) return 0;
  const midpoint = sentAtMs + Math.max(receivedAtMs - sentAtMs, 0) / 2;
  return Math.round(serverTimeMs - midpoint);
}

/**
 * The server clock in a getServerTime result (`{ serverTime }`, docs/product.md#server-functions), or null for anything
 * else. It accepts exactly what the contract's result schema accepts, without zod: the clock is
 * read before the purchase page's first paint and under every screen's trial banner, where loading
 * and building the contract's schemas cost a long task (issue 10).
 */
export function serverTimeOf(result: unknown): number | null {
  if (typeof result !== 'object' || result === null) return null;
  const serverTime = (result as { serverTime?: unknown }).serverTime;
  return typeof serverTime === 'number' && Number.isSafeInteger(serverTime) ? serverTime : null;
}

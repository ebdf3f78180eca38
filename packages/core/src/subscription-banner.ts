import type { InProgressStatus } from './purchase.ts';
import { isFreeTrialCurrent, type SubscriptionStatus } from './subscription-rules.ts';

// Its own module, apart from purchase.ts: the web app's shell reserves the banner's place at
// first paint, so this rule is in /login's first load, and a bundler keeps a module whole
// (issue 10: /login's budget).

export type SubscriptionBanner =
  | { kind: 'forVerification' | 'approved' | 'pending'; subscriptionId: string }
  | { kind: 'freeTrial'; expiryDate: string };

/** Which status banner wins when several subscriptions are in progress: the most urgent. */
const BANNER_PRIORITY: readonly InProgressStatus[] = ['forVerification', 'approved', 'pending'];

/**
 * The subscription banner (docs/product.md#subscription-banner; our decision where several apply): one
 * banner, for the most urgent of the current and queued subscriptions — forVerification ('Verify
 * payment…'), then approved ('Payment approved!…'), then pending ('Your payment is under
 * review.'); otherwise, while the current subscription is a free trial (docs/product.md#states) and no
 * subscription is queued, the free-trial banner. `queuedCount` is the length of the user's queue,
 * known before the queued documents load. Null: no banner. Where the free-trial banner is hidden
 * (the purchase page, while the discount is checked) is the page's concern.
 */
export function subscriptionBanner(input: {
  current: {
    id: string;
    status: SubscriptionStatus;
    isFreeTrial: boolean;
    expiryDate: string;
  } | null;
  queued: readonly { id: string; status: SubscriptionStatus }[];
  queuedCount: number;
}): SubscriptionBanner | null {
  const candidates = [...(input.current ? [input.current] : []), ...input.queued];
  for (const status of BANNER_PRIORITY) {
    const sub = candidates.find((candidate) => candidate.status === status);
    if (sub) return { kind: status, subscriptionId: sub.id };
  }
  const { current } = input;
  if (
    isFreeTrialCurrent(current) &&
    current &&
    input.queuedCount === 0 &&
    input.queued.length === 0
  ) {
    return { kind: 'freeTrial', expiryDate: current.expiryDate };
  }
  return null;
}

import type { Claims, ReviewerOffer } from '@pasado/core/contract';
import { IDS } from './docs.ts';

/** A track as GET /api/reviewers lists it: offered and usable unless told otherwise. */
export function reviewerOffer(
  shorthand: string,
  abbreviation: string,
  name: string,
  overrides: Partial<ReviewerOffer> = {},
): ReviewerOffer {
  return { shorthand, abbreviation, name, offered: true, usable: true, majors: [], ...overrides };
}

export const LET_ELEM = reviewerOffer('let-elem', 'LET-Elem', 'LET — Elementary');
export const CSE_PRO = reviewerOffer('cse-pro', 'CSE-Pro', 'Civil Service — Professional');

/** GET /api/auth/claims for an onboarded student holding `granted`. */
export function claimsFor(granted: readonly string[]): {
  claims: Claims;
  subscriptionExpired: false;
  expiredSubscriptionId: null;
} {
  return {
    claims: {
      uid: IDS.user,
      email: 'maria.santos@example.com',
      isOnboarded: true,
      subscriptionStatus: 'completed',
      role: 'student',
      access: Object.fromEntries(granted.map((g) => [g, 'Granted' as const])),
    },
    subscriptionExpired: false,
    expiredSubscriptionId: null,
  };
}

import type { Claims, ExamSitting, ReviewerOffer } from '@pasado/core/contract';
import { IDS } from './docs.ts';

/** A track as GET /api/reviewers lists it: offered and usable unless told otherwise. */
export function reviewerOffer(
  shorthand: string,
  abbreviation: string,
  name: string,
  overrides: Partial<ReviewerOffer> = {},
): ReviewerOffer {
  return {
    shorthand,
    abbreviation,
    name,
    offered: true,
    usable: true,
    majors: [],
    sittings: [],
    ...overrides,
  };
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

/** An official sitting (issue 23 item 1) of LET Elementary: one day, both parts. */
export function letSitting(id: string, date: string): ExamSitting {
  return {
    id,
    reviewer: 'let-elem',
    startsOn: date,
    days: [
      {
        date,
        parts: [
          { id: 'let-elem.mock.gened', name: 'General Education' },
          { id: 'let-elem.mock.profed', name: 'Professional Education' },
        ],
      },
    ],
  };
}
export const MARCH_2027 = letSitting('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', '2027-03-21');
export const SEPTEMBER_2027 = letSitting('1a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', '2027-09-26');

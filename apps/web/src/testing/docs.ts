import type {
  ProgressSummary,
  PurchaseDetails,
  SubscriptionDoc,
  UserDoc,
} from '@pasado/core/contract';
import { DAY } from './time.ts';

/** Ids as the server makes them (UUIDs: the contract's schemas check them on every call). */
export const IDS = {
  user: '2b7e1a40-5c3d-4e8f-9a01-b2c3d4e5f607',
  trial: '7c1d2e3f-4a5b-4c6d-8e7f-90a1b2c3d4e5',
  paid: '5f0c2a9e-7d1b-4c3a-9e8f-0a1b2c3d4e5f',
} as const;

/** A student's users/{uid} document as GET /api/me answers it (docs/product.md#entities): a free-trial student. */
export function userDoc(overrides: Partial<UserDoc> = {}): UserDoc {
  return {
    id: IDS.user,
    email: 'maria.santos@example.com',
    displayName: 'Maria Santos',
    nameSuggestion: null,
    currentLevel: 'emerald',
    gemsCollection: {},
    subscription: { id: IDS.trial, status: 'completed' },
    queuedSubscriptions: [],
    challengesProgress: { streak: [], mastery: [] },
    unclaimedDrillPoints: 0,
    isOnboarded: true,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}

/** A subscriptions/{id} document as GET /api/subscriptions/:id answers it: the 3-day free trial. */
export function subscriptionDoc(overrides: Partial<SubscriptionDoc> = {}): SubscriptionDoc {
  return {
    id: IDS.trial,
    userId: IDS.user,
    status: 'completed',
    isFreeTrial: true,
    expiryDate: new Date(Date.now() + 3 * DAY).toISOString(),
    selectedPlan: null,
    coachId: null,
    coachEmail: null,
    transactionIds: [],
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}

/** GET /api/purchase/details: the wallet and support address the server is configured with. */
export function purchaseDetails(): PurchaseDetails {
  return {
    wallet: { name: 'GCash', number: '0917 000 0000', accountName: 'Pasado Review Center' },
    supportEmail: 'support@pasado.ph',
  };
}

/** GET /api/progress/summary: a new student's progress (no gems, no streak, nothing to claim). */
export function progressSummary(overrides: Partial<ProgressSummary> = {}): ProgressSummary {
  return {
    level: 'emerald',
    gemsTotal: 0,
    gemsByLevel: {},
    nextLevel: { name: 'sapphire', minGems: 500 },
    gemsToSpend: 0,
    streak: { current: 0, longest: 0, lastDay: null, freezes: 0, lastFrozenDay: null },
    unclaimedDrillPoints: 0,
    challenges: { streak: [], mastery: [] },
    ...overrides,
  };
}

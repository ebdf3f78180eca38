import { z } from 'zod';
import { isoDateSchema, subscriptionStatusSchema } from './common.ts';
import { challengeItemSchema } from './user.ts';

/** One challenge as Tasks shows it: the stored item plus what it asks and how far the student is. */
export const challengeViewSchema = challengeItemSchema.extend({
  kind: z.enum(['streak', 'mastery']),
  description: z.string(),
  current: z.number().int().nonnegative(),
  target: z.number().int().positive(),
});
export type ChallengeView = z.infer<typeof challengeViewSchema>;

/** GET /api/progress/summary: what the Tasks and Account screens show (issue 5). */
export const progressSummarySchema = z.object({
  level: z.string(),
  gemsTotal: z.number().int().nonnegative(),
  gemsByLevel: z.record(z.string(), z.number().int().nonnegative()),
  /** The next level and the total gems that reach it; null at the top level. */
  nextLevel: z.object({ name: z.string(), minGems: z.number().int().nonnegative() }).nullable(),
  streak: z.object({
    /** The run standing today (0 once a Manila day was missed). */
    current: z.number().int().nonnegative(),
    longest: z.number().int().nonnegative(),
    lastDay: z.string().nullable(),
    /** Streak freezes held (issue 23 item 5; at most core `STREAK_FREEZE.maxHeld`). */
    freezes: z.number().int().nonnegative(),
    /** The last missed Manila day a freeze covered, or null. */
    lastFrozenDay: z.string().nullable(),
  }),
  /** Gems earned less gems spent on streak freezes (the level counts the gems earned). */
  gemsToSpend: z.number().int().nonnegative(),
  unclaimedDrillPoints: z.number().int().nonnegative(),
  challenges: z.object({
    streak: z.array(challengeViewSchema),
    mastery: z.array(challengeViewSchema),
  }),
});
export type ProgressSummary = z.infer<typeof progressSummarySchema>;

/**
 * POST /api/progress/claims/challenge: claim one earned streak or mastery reward. Like every write
 * of Tasks, refused with the paywall's 403 and reason (`tasksDenial`) where the guard keeps the
 * student from Tasks.
 */
export const claimChallengeInputSchema = z.object({
  kind: z.enum(['streak', 'mastery']),
  id: z.string().min(1).max(64),
});
export type ClaimChallengeInput = z.infer<typeof claimChallengeInputSchema>;

/**
 * POST /api/progress/claims/drill-points: claim every unclaimed drill point. `claimId` is chosen
 * once per tap by the client, so a retried request answers with the first one's outcome. Refused
 * as a challenge claim is (`tasksDenial`).
 */
export const claimDrillPointsInputSchema = z.object({ claimId: z.uuid() });
export type ClaimDrillPointsInput = z.infer<typeof claimDrillPointsInputSchema>;

/**
 * The outcome of a claim. A second claim of the same reward (a double tap, another device) answers
 * the same outcome with `alreadyClaimed: true` and pays nothing more.
 */
export const claimResultSchema = z.object({
  rewardKey: z.string(),
  gems: z.number().int().nonnegative(),
  alreadyClaimed: z.boolean(),
  level: z.string(),
  leveledUp: z.boolean(),
});
export type ClaimResult = z.infer<typeof claimResultSchema>;

/** GET /api/progress/payments: the student's own transactions, newest first. */
export const paymentHistoryItemSchema = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  createdAt: isoDateSchema,
  planName: z.string().nullable(),
  price: z.number().int().nonnegative(),
  discountAmount: z.number().int().nonnegative(),
  finalPrice: z.number().int().nonnegative(),
  /** How the payment was proven: the reference code, or a screenshot. */
  refCode: z.string().nullable(),
  hasScreenshot: z.boolean(),
  isFreeTrial: z.boolean(),
  subscriptionStatus: subscriptionStatusSchema,
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItemSchema>;
export const paymentHistorySchema = z.object({ payments: z.array(paymentHistoryItemSchema) });
export type PaymentHistory = z.infer<typeof paymentHistorySchema>;

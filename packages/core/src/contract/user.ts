import { z } from 'zod';
import { CHALLENGE_STATUSES } from '../challenges.ts';
import { isoDateSchema, subscriptionStatusSchema } from './common.ts';
import { examSittingSchema } from './exam-sittings.ts';

/** A `ChallengeItem` (challenges.ts) on the wire. */
export const challengeItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  points: z.number().int().nonnegative(),
  /** docs/product.md#challenges: unclaimed when earned and not yet claimed. */
  status: z.enum(CHALLENGE_STATUSES),
});

/** The users/{uid} document (docs/product.md#entities) as the web app reads it: GET /api/me and live topic users/{uid}. */
export const userDocSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The name the student chose to show other students; null until they choose (issue 21). */
  displayName: z.string().nullable(),
  /** What onboarding offers as that name: their sign-in provider's first name, if it would pass. */
  nameSuggestion: z.string().nullable(),
  currentLevel: z.string(),
  gemsCollection: z.record(z.string(), z.number().int().nonnegative()),
  subscription: z.object({ id: z.string(), status: subscriptionStatusSchema }).nullable(),
  queuedSubscriptions: z.array(z.string()),
  challengesProgress: z.object({
    streak: z.array(challengeItemSchema),
    mastery: z.array(challengeItemSchema),
  }),
  unclaimedDrillPoints: z.number().int().nonnegative(),
  isOnboarded: z.boolean(),
  createdAt: isoDateSchema,
});
export type UserDoc = z.infer<typeof userDocSchema>;

/** A `Plan` (plans.ts) as a subscription records it. */
export const selectedPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int().nonnegative(),
  discount: z.number().int().nonnegative(),
  durationInDays: z.number().int().positive(),
});
export type SelectedPlan = z.infer<typeof selectedPlanSchema>;

/** The subscriptions/{id} document (docs/product.md#entities): GET /api/subscriptions/:id and live topic subscriptions/{id}. */
export const subscriptionDocSchema = z.object({
  id: z.string(),
  userId: z.string(),
  status: subscriptionStatusSchema,
  isFreeTrial: z.boolean(),
  expiryDate: isoDateSchema,
  selectedPlan: selectedPlanSchema.nullable(),
  coachId: z.string().nullable(),
  coachEmail: z.string().nullable(),
  transactionIds: z.array(z.string()),
  createdAt: isoDateSchema,
});
export type SubscriptionDoc = z.infer<typeof subscriptionDocSchema>;

/** The login_devices/{uid} document (docs/product.md#entities): GET /api/me/devices and live topic login_devices/{uid}. */
export const loginDevicesDocSchema = z.object({
  userId: z.string(),
  currentDeviceUsed: z.string(),
  devices: z.array(
    z.object({
      userDeviceID: z.string(),
      deviceInfo: z.string(),
      createdAt: isoDateSchema,
      isActive: z.boolean(),
    }),
  ),
});
export type LoginDevicesDoc = z.infer<typeof loginDevicesDocSchema>;

/** A reviewer is an exam track (docs/product.md#reviewers): GET /api/reviewers. */
export const reviewerSchema = z.object({
  shorthand: z.string(),
  abbreviation: z.string(),
  name: z.string(),
});
export type Reviewer = z.infer<typeof reviewerSchema>;
/** A subject a student may take as their major (LET Secondary's Specialization). */
export const majorSchema = z.object({ subjectId: z.string(), name: z.string() });
export type Major = z.infer<typeof majorSchema>;
/**
 * A reviewer as GET /api/reviewers lists it (issue 12): `offered` when its bank fills its full mock
 * with the 1.5 × margin (core's mockReadiness `ready`) — onboarding offers only those; `usable`
 * while it still fills one full mock (`fills`) — a student who holds it keeps it though a few items
 * are held for review; and the majors a student picks from, if its mock has a major part.
 */
export const reviewerOfferSchema = reviewerSchema.extend({
  offered: z.boolean(),
  usable: z.boolean(),
  majors: z.array(majorSchema),
  /** The track's upcoming official sittings, to pick from at onboarding (issue 23 item 1). */
  sittings: z.array(examSittingSchema),
});
export type ReviewerOffer = z.infer<typeof reviewerOfferSchema>;
export const reviewersResponseSchema = z.object({ reviewers: z.array(reviewerOfferSchema) });
/** PUT /api/reviewers/:reviewer/major: the student's major for a track that has majors. */
export const majorInputSchema = z.object({ subjectId: z.string().min(1).max(64) }).strict();
export const majorResponseSchema = z.object({ major: majorSchema });

/** PUT /api/me/display-name: the rule itself is core's validateDisplayName (display-name.ts). */
export const displayNameInputSchema = z.object({ displayName: z.string().max(200) }).strict();
export type DisplayNameInput = z.infer<typeof displayNameInputSchema>;

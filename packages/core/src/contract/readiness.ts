import { z } from 'zod';
import type { TrackProfile } from '../readiness/forecast.ts';
import type { StudentModel } from '../readiness/model.ts';
import type { ReadinessSummary } from '../readiness/summary.ts';
import { dayKeySchema } from './exam-sittings.ts';

const ratingSchema = z.object({ rating: z.number(), low: z.number(), high: z.number() });

/**
 * A student's readiness for their track (issue 23 items 3 and 5; docs/product.md#readiness): the
 * predicted rating of each part and of the whole with an 80 % interval, the chance of passing
 * today and on exam day, the part holding the student back, how sure the estimate is, what to do
 * when there is too little data, and the plan to the exam date. Computed by core
 * (`readinessSummary`) from stored state; carried by quiz home, so it shows offline too.
 */
export const readinessSchema = z.object({
  passingAverage: z.number(),
  parts: z.array(
    z.object({
      partId: z.string(),
      name: z.string(),
      answers: z.number().int(),
      floor: z.number(),
      weight: z.number(),
      predicted: ratingSchema.nullable(),
      needed: z.number().int(),
    }),
  ),
  whole: ratingSchema.nullable(),
  passChance: z.object({ today: z.number(), examDay: z.number().nullable() }).nullable(),
  holdingBack: z.object({ partId: z.string(), name: z.string() }).nullable(),
  sureness: z.enum(['low', 'medium', 'high']).nullable(),
  action: z.object({ kind: z.enum(['answer', 'mock']), text: z.string() }).nullable(),
  daysLeft: z.number().int().nullable(),
  fullMocks: z.number().int(),
  /** Null without an exam date: a plan needs a day to plan to. */
  plan: z
    .object({
      dailyItems: z.number().int(),
      dailyMinutes: z.number().int(),
      mockDays: z.array(dayKeySchema),
      retention: z.number(),
    })
    .nullable(),
});
export type Readiness = z.infer<typeof readinessSchema>;
// The schema describes what core computes: a change to either that the other lacks fails here.
readinessSchema satisfies z.ZodType<ReadinessSummary>;
({}) as ReadinessSummary satisfies Readiness;

/**
 * GET /api/quiz/:reviewer/offline-for-you (issue 23 item 4; ADR 032): what the phone needs to
 * choose For-you sets from its kept lite pool with core `selectForYou`, as the server does — the
 * student's model, the track's profile, each candidate item's part and difficulty, the student's
 * item histories (only of candidates) and their exam day. The student's own; kept like the other
 * offline sources, with an ETag, and read again after an offline set is sent.
 */
export const forYouKitSchema = z.object({
  reviewer: z.string(),
  examDay: dayKeySchema.nullable(),
  model: z.custom<StudentModel>((v) => typeof v === 'object' && v !== null),
  profile: z.custom<TrackProfile>((v) => typeof v === 'object' && v !== null),
  pool: z.array(
    z.object({
      id: z.string(),
      partId: z.string(),
      topicId: z.string(),
      difficulty: z.number(),
      guess: z.number(),
    }),
  ),
  history: z.record(
    z.string(),
    z.object({
      lastAt: z.number(),
      lastCorrect: z.boolean(),
      reviewStep: z.number().int().nullable(),
    }),
  ),
});
export type ForYouKit = z.infer<typeof forYouKitSchema>;

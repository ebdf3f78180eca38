import { z } from 'zod';
import type { TrackProfile } from '../readiness/forecast.ts';
import type { StudentModel } from '../readiness/model.ts';
import type { ReadinessSummary } from '../readiness/summary.ts';
import type { TodayList } from '../readiness/today.ts';
import { dayKeySchema } from './common.ts';

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
      /** Today while the plan owes a mock, else the first plan day ahead not yet met; null: none. */
      nextMockDay: dayKeySchema.nullable(),
      retention: z.number(),
    })
    .nullable(),
});
export type Readiness = z.infer<typeof readinessSchema>;
// The schema describes what core computes: a change to either that the other lacks fails here.
readinessSchema satisfies z.ZodType<ReadinessSummary>;
({}) as ReadinessSummary satisfies Readiness;

/**
 * What staff see of readiness (issue 23 item 8; docs/product.md#readiness-for-staff): per offered
 * track, aggregates only — students with a pass chance for their next sitting, how many of them
 * are likely to pass (a chance of at least `likelyChance`), the share and the expected pass rate;
 * every figure of a track null when fewer than `minStudents` students have a chance. No student is
 * named, counted alone or linked.
 */
export const trackReadinessSchema = z.object({
  shorthand: z.string(),
  name: z.string(),
  /** The first day of the track's next sitting (Manila), one under way included; null: none. */
  nextSitting: dayKeySchema.nullable(),
  hidden: z.boolean(),
  students: z.number().int().nullable(),
  likely: z.number().int().nullable(),
  /** Percent of `students`, one decimal. */
  likelyShare: z.number().nullable(),
  /** The mean pass chance, percent with one decimal. */
  expectedShare: z.number().nullable(),
});
export type TrackReadiness = z.infer<typeof trackReadinessSchema>;

export const trackReadinessResponseSchema = z.object({
  tracks: z.array(trackReadinessSchema),
  likelyChance: z.number(),
  minStudents: z.number().int(),
  /** When the job last computed a student's chance; null before it has. */
  computedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TrackReadinessResponse = z.infer<typeof trackReadinessResponseSchema>;

/**
 * Quiz home's "Today" list (issue 23 item 5; docs/product.md#today; ADR 033): the plan's items,
 * the flash cards due and the full mock when one is owed, each done or not from the server's data
 * for `day` (a Manila day). Computed by core `todayList`; kept with quiz home, so it shows offline
 * on the same day.
 */
export const todayListSchema = z.object({
  day: dayKeySchema,
  items: z.object({ answered: z.number().int(), target: z.number().int(), done: z.boolean() }),
  cards: z.object({ due: z.number().int(), reviewed: z.number().int(), done: z.boolean() }),
  mock: z.object({ planDay: dayKeySchema, done: z.boolean() }).nullable(),
  complete: z.boolean(),
});
todayListSchema satisfies z.ZodType<TodayList>;
({}) as TodayList satisfies z.infer<typeof todayListSchema>;

/**
 * GET /api/quiz/:reviewer/offline-for-you (issue 23 item 4; ADR 032): what the phone needs to
 * choose For-you sets from its kept lite pool with core `selectForYou`, as the server does — the
 * student's model, the track's profile, each candidate item's part and difficulty, the student's
 * item histories (only of candidates) and their exam day. The student's own; kept like the other
 * offline sources, with an ETag, and read again after an offline set is sent.
 */
export const forYouKitSchema = z.object({
  reviewer: z.string(),
  /** The first day of the student's sitting, or null. */
  examDay: dayKeySchema.nullable(),
  /** Its last day (the NLE's second); missing from a kit kept before it was sent: one day. */
  examLastDay: dayKeySchema.nullable().optional(),
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

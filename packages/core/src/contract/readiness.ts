import { z } from 'zod';
import type { ReadinessSummary } from '../readiness/summary.ts';
import type { TodayList } from '../readiness/today.ts';
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

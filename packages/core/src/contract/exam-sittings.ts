import { z } from 'zod';
import { dayKeySchema } from './common.ts';

/**
 * An official exam sitting as students and staff read it (issue 23 item 1;
 * docs/product.md#exam-sittings): its days in date order, each with the track's parts given that
 * day (blueprint order, with their names).
 */
export const examSittingSchema = z.object({
  id: z.uuid(),
  reviewer: z.string(),
  /** The first day: the date quiz home counts down to. */
  startsOn: dayKeySchema,
  days: z.array(
    z.object({
      date: dayKeySchema,
      parts: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
});
export type ExamSitting = z.infer<typeof examSittingSchema>;

/**
 * The student's sitting under a track and the upcoming ones to pick from (quiz home, the account
 * page, GET and PUT /api/reviewers/:reviewer/sitting). `current` may have passed: quiz home then
 * asks for the next one.
 */
export const sittingChoiceSchema = z.object({
  current: examSittingSchema.nullable(),
  options: z.array(examSittingSchema),
});
export type SittingChoice = z.infer<typeof sittingChoiceSchema>;

/** PUT /api/reviewers/:reviewer/sitting: pick one of the track's upcoming sittings, or none. */
export const sittingInputSchema = z.object({ sittingId: z.uuid().nullable() }).strict();
export type SittingInput = z.infer<typeof sittingInputSchema>;

/** POST and PUT /api/admin/sittings: a sitting as staff enter it (core `checkExamSitting`). */
export const adminSittingInputSchema = z
  .object({
    reviewer: z.string().trim().min(1).max(32),
    days: z
      .array(
        z
          .object({
            date: dayKeySchema,
            partIds: z.array(z.string().min(1).max(64)).max(10),
          })
          .strict(),
      )
      .max(10),
  })
  .strict();
export type AdminSittingInput = z.infer<typeof adminSittingInputSchema>;

export const adminSittingParamsSchema = z.object({ id: z.uuid() });

/** GET /api/admin/sittings: every sitting (newest first), and each track's parts for the form. */
export const adminSittingsResponseSchema = z.object({
  sittings: z.array(
    examSittingSchema.extend({
      /** How many students have picked it (a removal clears their pick). */
      students: z.number().int().nonnegative(),
    }),
  ),
  tracks: z.array(
    z.object({
      shorthand: z.string(),
      name: z.string(),
      parts: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
});
export type AdminSittings = z.infer<typeof adminSittingsResponseSchema>;
export const adminSittingResponseSchema = z.object({ sitting: examSittingSchema });

/**
 * POST /api/progress/streak-freeze: `purchaseId` is chosen once per tap, so a retry buys once.
 * Refused as a reward claim is (`tasksDenial`).
 */
export const buyStreakFreezeInputSchema = z.object({ purchaseId: z.uuid() }).strict();
export const buyStreakFreezeResultSchema = z.object({
  freezes: z.number().int().nonnegative(),
  gemsToSpend: z.number().int().nonnegative(),
  alreadyBought: z.boolean(),
});
export type BuyStreakFreezeResult = z.infer<typeof buyStreakFreezeResultSchema>;

import { z } from 'zod';
import { ATTEMPT_KINDS, ATTEMPT_STATUSES } from '../quiz-attempt.ts';
import { LITE_QUIZ_SIZE } from '../quiz-scoring.ts';
import { isoDateSchema } from './common.ts';
import { sittingChoiceSchema } from './exam-sittings.ts';
import { readinessSchema, todayListSchema } from './readiness.ts';

/**
 * The quiz API under /api/learning/:reviewer (issue 4 "Quiz home", "Lite quiz", "Mock exam").
 * Items reach the client without their key or rationale: a lite item's `reveal` appears once it is
 * answered, a mock's only once the attempt is submitted.
 */

const contentId = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,119}$/);

export const reviewerParamsSchema = z.object({ reviewer: z.string().min(1).max(32) });
export const attemptParamsSchema = reviewerParamsSchema.extend({ attemptId: z.uuid() });
export const answerParamsSchema = attemptParamsSchema.extend({ questionId: contentId });
/** A sitting of a mock in sittings, numbered from 1 as the screens say "Part 1". */
export const sittingParamsSchema = attemptParamsSchema.extend({
  sitting: z.coerce.number().int().min(1).max(20),
});
export const questionParamsSchema = reviewerParamsSchema.extend({ questionId: contentId });

export const quizKindSchema = z.enum(ATTEMPT_KINDS);
export type QuizAttemptKind = z.infer<typeof quizKindSchema>;

/** The key and the explanations of an item, sent once the student may see them. */
export const itemRevealSchema = z.object({
  answerIndex: z.number().int().nonnegative(),
  rationale: z.string(),
  distractorNotes: z.array(z.string().nullable()).nullable(),
});
export type ItemReveal = z.infer<typeof itemRevealSchema>;

export const attemptItemSchema = z.object({
  questionId: z.string(),
  partId: z.string().nullable(),
  topicName: z.string(),
  stem: z.string(),
  choices: z.array(z.string()),
  choiceIndex: z.number().int().nonnegative().nullable(),
  flagged: z.boolean(),
  /** Null until the student may know (lite: answered; mock: submitted). */
  isCorrect: z.boolean().nullable(),
  reveal: itemRevealSchema.nullable(),
});
export type AttemptItem = z.infer<typeof attemptItemSchema>;

export const partResultSchema = z.object({
  partId: z.string(),
  name: z.string(),
  items: z.number().int(),
  correct: z.number().int(),
  percentage: z.number(),
  weight: z.number(),
  floor: z.number(),
  belowFloor: z.boolean(),
});
export type PartResultDto = z.infer<typeof partResultSchema>;

/** A `QuizResult` (quiz-attempt.ts) on the wire. */
export const quizResultSchema = z.object({
  correct: z.number().int(),
  total: z.number().int(),
  percentage: z.number(),
  missed: z.number().int(),
  gemsEarned: z.number().int(),
  /** True when the server finished the attempt because its time ran out. */
  autoSubmitted: z.boolean(),
  /** Mock only: per part, the weighted rating and the verdict under the official rule. */
  parts: z.array(partResultSchema).nullable(),
  weightedRating: z.number().nullable(),
  passingAverage: z.number().nullable(),
  passed: z.boolean().nullable(),
});

export const attemptPartSchema = z.object({
  partId: z.string(),
  name: z.string(),
  items: z.number().int(),
  minutes: z.number().int(),
});

/**
 * One sitting of a mock in sittings (issue 12 item 4; core sittings.ts): its parts, its own clock,
 * and how many of its items hold an answer. `deadlineAt` is set once it starts.
 */
export const attemptSittingSchema = z.object({
  number: z.number().int().positive(),
  partIds: z.array(z.string()),
  /** Its parts' names, joined ("General Education"). */
  name: z.string(),
  items: z.number().int(),
  answered: z.number().int(),
  minutes: z.number().int(),
  startedAt: isoDateSchema.nullable(),
  deadlineAt: isoDateSchema.nullable(),
  submittedAt: isoDateSchema.nullable(),
});
export type AttemptSitting = z.infer<typeof attemptSittingSchema>;

export const attemptStateSchema = z.object({
  attemptId: z.uuid(),
  kind: quizKindSchema,
  reviewer: z.string(),
  title: z.string(),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: isoDateSchema,
  /**
   * Mock: the server's clock; the client counts down from `deadlineAt - serverNow`. In sittings,
   * the running sitting's deadline; null between sittings.
   */
  deadlineAt: isoDateSchema.nullable(),
  serverNow: isoDateSchema,
  parts: z.array(attemptPartSchema).nullable(),
  /** A mock in sittings: each sitting in order; null for a mock on one clock and a lite quiz. */
  sittings: z.array(attemptSittingSchema).nullable(),
  /**
   * The items the student may see: all of them, except in a mock in sittings still in progress,
   * which shows only the running sitting's (none between sittings).
   */
  items: z.array(attemptItemSchema),
  result: quizResultSchema.nullable(),
});
export type AttemptState = z.infer<typeof attemptStateSchema>;

/** Why a For-you set cannot be narrowed (400). */
export const FOR_YOU_ALONE =
  'A For-you set is chosen across the whole exam: leave out the subject, topic and retry.';

export const startLiteRequestSchema = z
  .object({
    subjectId: contentId.optional(),
    topicId: contentId.optional(),
    /** "Retry the ones I missed": a finished attempt of the same student and reviewer. */
    retryOf: z.uuid().optional(),
    /**
     * The For-you set (issue 23 item 4, ADR 032): chosen by the student model across the whole
     * exam, so it takes no subject, topic or retry.
     */
    forYou: z.literal(true).optional(),
  })
  .strict()
  .refine((b) => !b.forYou || (!b.subjectId && !b.topicId && !b.retryOf), {
    message: FOR_YOU_ALONE,
  });
export type StartLiteRequest = z.infer<typeof startLiteRequestSchema>;

export const saveAnswerRequestSchema = z
  .object({
    choiceIndex: z.number().int().min(0).max(5).nullable().optional(),
    flagged: z.boolean().optional(),
  })
  .strict()
  .refine((b) => b.choiceIndex !== undefined || b.flagged !== undefined, {
    message: 'Send an answer or a flag.',
  });
export type SaveAnswerRequest = z.infer<typeof saveAnswerRequestSchema>;

export const saveAnswerResponseSchema = z.object({
  item: attemptItemSchema,
  serverNow: isoDateSchema,
});
export type SaveAnswerResponse = z.infer<typeof saveAnswerResponseSchema>;

export const reportItemRequestSchema = z
  .object({ reason: z.string().trim().min(1, 'Tell us what is wrong.').max(500) })
  .strict();
export type ReportItemRequest = z.infer<typeof reportItemRequestSchema>;
export const reportItemResponseSchema = z.object({ status: z.literal('open') });

export const quizHomeSchema = z.object({
  reviewer: z.object({ shorthand: z.string(), abbreviation: z.string(), name: z.string() }),
  subjects: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      itemCount: z.number().int(),
      topics: z.array(z.object({ id: z.string(), name: z.string(), itemCount: z.number().int() })),
    }),
  ),
  /**
   * The track's majors and the student's pick (null current until picked), or null for a track
   * without majors (issue 12: LET Secondary's Specialization).
   */
  major: z
    .object({
      current: z.string().nullable(),
      options: z.array(z.object({ subjectId: z.string(), name: z.string() })),
    })
    .nullable(),
  /** The student's official sitting and the upcoming ones (issue 23 item 1): kept offline. */
  sitting: sittingChoiceSchema,
  /** Would the student pass, and the plan to the exam date (issue 23); null without a mock. */
  readiness: readinessSchema.nullable(),
  /** The plan's list for today (issue 23 item 5); null without a plan (no exam date). */
  today: todayListSchema.nullable(),
  /** Null when the reviewer has no blueprint or no item yet. */
  mock: z
    .object({
      name: z.string(),
      totalItems: z.number().int(),
      totalMinutes: z.number().int(),
      passingAverage: z.number(),
      parts: z.array(attemptPartSchema),
      /** More than 1: taken in that many sittings, each part on its own clock (issue 12 item 4). */
      sittings: z.number().int().positive(),
    })
    .nullable(),
  openMock: z
    .object({
      attemptId: z.uuid(),
      /** Null between the sittings of a mock in sittings (the next clock has not started). */
      deadlineAt: isoDateSchema.nullable(),
      serverNow: isoDateSchema,
      answered: z.number().int(),
      total: z.number().int(),
    })
    .nullable(),
  recent: z.array(
    z.object({
      attemptId: z.uuid(),
      kind: quizKindSchema,
      title: z.string(),
      submittedAt: isoDateSchema,
      correct: z.number().int(),
      total: z.number().int(),
      percentage: z.number(),
      weightedRating: z.number().nullable(),
      passed: z.boolean().nullable(),
      gemsEarned: z.number().int(),
    }),
  ),
  weakestTopics: z.array(
    z.object({
      topicId: z.string(),
      topicName: z.string(),
      subjectId: z.string(),
      subjectName: z.string(),
      answered: z.number().int(),
      correct: z.number().int(),
      accuracy: z.number(),
    }),
  ),
  weakestMinAnswered: z.number().int(),
  /**
   * The last finished mocks, oldest first, for the score history chart (issue 13 item 4): the
   * weighted rating against that sitting's passing average; the latest one carries its parts.
   */
  mockHistory: z.array(
    z.object({
      attemptId: z.uuid(),
      submittedAt: isoDateSchema,
      weightedRating: z.number(),
      passingAverage: z.number(),
      passed: z.boolean(),
      /** The latest mock's rating per part; null on the earlier ones. */
      parts: z.array(partResultSchema).nullable(),
    }),
  ),
});
export type QuizHome = z.infer<typeof quizHomeSchema>;
export type MockHistoryEntry = QuizHome['mockHistory'][number];

/** POST /api/analytics/events (docs/product.md#analytics), stored first-party. */
export const analyticsEventSchema = z
  .object({
    name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'Use lower_snake_case, up to 40 characters.'),
    params: z
      .record(
        z.string().regex(/^[a-z][a-z0-9_]{0,39}$/),
        z.union([z.string().max(200), z.number(), z.boolean()]),
      )
      .refine((p) => Object.keys(p).length <= 25, { message: 'At most 25 parameters.' })
      .default({}),
  })
  .strict();
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/**
 * GET /api/learning/:reviewer/offline-items (issue 11 deliverable 2; core offline-lite.ts): a
 * reviewer's lite items kept on the device, per subject, with their keys and explanations (lite is
 * practice; ADR 019). The same for every student while the bank is unchanged: its ETag is its hash.
 */
export const offlineLiteItemSchema = z.object({
  id: z.string(),
  topicId: z.string(),
  topicName: z.string(),
  stem: z.string(),
  choices: z.array(z.string()),
  answerIndex: z.number().int().nonnegative(),
  rationale: z.string(),
  distractorNotes: z.array(z.string().nullable()).nullable(),
});
export type OfflineLiteItem = z.infer<typeof offlineLiteItemSchema>;

export const offlineLitePoolSchema = z.object({
  reviewer: z.string(),
  subjects: z.array(
    z.object({ id: z.string(), name: z.string(), items: z.array(offlineLiteItemSchema) }),
  ),
});
export type OfflineLitePool = z.infer<typeof offlineLitePoolSchema>;

/**
 * POST /api/learning/:reviewer/lite/offline-attempts: a lite quiz taken on the device, sent when
 * back online. The server checks and grades it again; any score the device adds is dropped here
 * (unknown keys are stripped), never read.
 */
export const offlineLiteAttemptSchema = z
  .object({
    /** Made on the device: the idempotency key (the same id again returns the first result). */
    clientAttemptId: z.uuid(),
    /** The subject (or topic) chosen; neither: all subjects. */
    subjectId: contentId.nullable().optional(),
    topicId: contentId.nullable().optional(),
    /** Drawn as a For-you set from the kept pool (ADR 032): no subject or topic then. */
    forYou: z.boolean().optional(),
    startedAt: isoDateSchema,
    finishedAt: isoDateSchema,
    /** The items in the order shown, each answered once (lite's answer lock). */
    answers: z
      .array(
        z.object({
          questionId: contentId,
          choiceIndex: z.number().int().min(0).max(5),
          answeredAt: isoDateSchema,
        }),
      )
      .min(1)
      .max(LITE_QUIZ_SIZE)
      .refine((a) => new Set(a.map((x) => x.questionId)).size === a.length, {
        message: 'Each item may be answered once.',
      }),
  })
  .refine((b) => !b.forYou || (!b.subjectId && !b.topicId), { message: FOR_YOU_ALONE });
export type OfflineLiteAttempt = z.infer<typeof offlineLiteAttemptSchema>;

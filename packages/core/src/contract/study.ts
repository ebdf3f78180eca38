import { z } from 'zod';
import { DRILL_MAX_ITEMS, DRILL_MIN_ITEMS } from '../drill.ts';
import { FLASH_RATINGS, type FlashCardState, type FlashRating } from '../flash-queue.ts';
import { dayKeySchema, isoDateSchema } from './common.ts';

/**
 * The study API under /api/study (issue 4 item 6: launcher, flash, read, listen, drill). Every route
 * under a reviewer needs that reviewer's `Granted` claim (403 otherwise).
 */

const contentId = z.string().min(1).max(120);

export const studyReviewerParamsSchema = z.object({ reviewer: z.string().min(1).max(64) });
export const studyTopicParamsSchema = studyReviewerParamsSchema.extend({ topicId: contentId });
export const studyNoteParamsSchema = studyReviewerParamsSchema.extend({ noteId: contentId });
export const studyAttemptParamsSchema = studyReviewerParamsSchema.extend({
  attemptId: z.uuid(),
});

/** A subject, a topic or neither (the whole reviewer); a topic wins when both are given. */
export const studyScopeSchema = z.object({
  subjectId: contentId.optional(),
  topicId: contentId.optional(),
});
export type StudyScope = z.infer<typeof studyScopeSchema>;

// ---------- Launcher ----------

/** GET /api/study: the reviewers the student may study (their `Granted` claims). */
export const studyReviewersResponseSchema = z.object({
  reviewers: z.array(
    z.object({ shorthand: z.string(), abbreviation: z.string(), name: z.string() }),
  ),
});
export type StudyReviewersResponse = z.infer<typeof studyReviewersResponseSchema>;

export const studyTopicSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  cards: z.number().int(),
  /** Cards already scheduled whose due time has come. */
  dueCards: z.number().int(),
  /** Cards never reviewed. */
  newCards: z.number().int(),
  notes: z.number().int(),
  notesRead: z.number().int(),
  questions: z.number().int(),
});
export type StudyTopicSummary = z.infer<typeof studyTopicSummarySchema>;

export const studySubjectSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  topics: z.array(studyTopicSummarySchema),
});
export type StudySubjectSummary = z.infer<typeof studySubjectSummarySchema>;

/** GET /api/study/:reviewer: subjects and topics with card, due and note counts. */
export const studyOverviewSchema = z.object({
  reviewer: z.object({ shorthand: z.string(), abbreviation: z.string(), name: z.string() }),
  subjects: z.array(studySubjectSummarySchema),
  /** New cards the daily limit still allows today (Manila day). */
  newCardsLeftToday: z.number().int(),
  newCardsPerDay: z.number().int(),
});
export type StudyOverview = z.infer<typeof studyOverviewSchema>;

// ---------- Flash ----------

// The ratings, states and interval shape are the rule's (core flash-queue.ts).
export const flashRatingSchema = z.enum(FLASH_RATINGS);

/** How long until a card comes back for each rating, in milliseconds (the buttons' hints). */
export const flashIntervalsSchema = z.object({
  again: z.number(),
  hard: z.number(),
  good: z.number(),
  easy: z.number(),
});

export const flashCardStateSchema = z.enum([
  'new',
  'learning',
  'review',
  'relearning',
] as const satisfies readonly FlashCardState[]);

export const flashQueueCardSchema = z.object({
  id: z.string(),
  topicId: z.string(),
  topicName: z.string(),
  front: z.string(),
  back: z.string(),
  rationale: z.string().nullable(),
  state: flashCardStateSchema,
  /** null for a new card. */
  due: isoDateSchema.nullable(),
  intervals: flashIntervalsSchema,
});
export type FlashQueueCard = z.infer<typeof flashQueueCardSchema>;

/** GET /api/study/:reviewer/flash?subjectId&topicId: due cards first (oldest due first), then new. */
export const flashQueueResponseSchema = z.object({
  cards: z.array(flashQueueCardSchema),
  dueCount: z.number().int(),
  newCount: z.number().int(),
  newCardsLeftToday: z.number().int(),
  newCardsPerDay: z.number().int(),
  /** When the next card that is not yet due comes back (null: none scheduled). */
  nextDueAt: isoDateSchema.nullable(),
});
export type FlashQueueResponse = z.infer<typeof flashQueueResponseSchema>;

/**
 * POST /api/study/:reviewer/flash/reviews. `reviewId` is chosen by the client once per answer, so
 * a retried request (a dropped connection) does not review the card twice. `seconds` is the time
 * spent on the card, capped by the server.
 */
export const flashReviewRequestSchema = z.object({
  reviewId: z.uuid(),
  cardId: contentId,
  rating: flashRatingSchema satisfies z.ZodType<FlashRating>,
  seconds: z.number().int().min(0).max(3600).default(0),
  /**
   * When the student rated the card: a rating given offline arrives later, and FSRS counts from
   * the moment of the rating. The server keeps it within bounds (core `ratingTime`).
   */
  reviewedAt: isoDateSchema.optional(),
});
export type FlashReviewRequest = z.input<typeof flashReviewRequestSchema>;

export const flashReviewResponseSchema = z.object({
  cardId: z.string(),
  state: flashCardStateSchema,
  due: isoDateSchema,
  reps: z.number().int(),
  /** true when this reviewId had already been applied (nothing changed). */
  duplicate: z.boolean(),
});
export type FlashReviewResponse = z.infer<typeof flashReviewResponseSchema>;

// ---------- Read and listen ----------

export const studyNoteSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Markdown source; the web app renders it without raw HTML. */
  body: z.string(),
  read: z.boolean(),
});
export type StudyNote = z.infer<typeof studyNoteSchema>;

export const studyTopicRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
});

/** GET /api/study/:reviewer/topics/:topicId/notes */
export const topicNotesResponseSchema = z.object({
  topic: studyTopicRefSchema,
  notes: z.array(studyNoteSchema),
  readCount: z.number().int(),
  total: z.number().int(),
});
export type TopicNotesResponse = z.infer<typeof topicNotesResponseSchema>;

/** POST /api/study/:reviewer/notes/:noteId/read. `seconds`: time spent reading, capped by the server. */
export const noteReadRequestSchema = z.object({
  seconds: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(0),
});
export type NoteReadRequest = z.input<typeof noteReadRequestSchema>;

export const noteReadResponseSchema = z.object({
  noteId: z.string(),
  topicId: z.string(),
  /** false when the note had been marked read before (no time is added twice). */
  firstRead: z.boolean(),
  readCount: z.number().int(),
  total: z.number().int(),
});
export type NoteReadResponse = z.infer<typeof noteReadResponseSchema>;

/** GET /api/study/:reviewer/topics/:topicId/cards: every card of a topic (listen mode). */
export const topicCardsResponseSchema = z.object({
  topic: studyTopicRefSchema,
  cards: z.array(
    z.object({
      id: z.string(),
      front: z.string(),
      back: z.string(),
      rationale: z.string().nullable(),
    }),
  ),
});
export type TopicCardsResponse = z.infer<typeof topicCardsResponseSchema>;

/**
 * POST /api/study/:reviewer/sessions/finish: a flash, read or listen session ended. It counts for
 * the daily streak when the student reviewed a card or read a note of this reviewer today.
 */
export const studySessionFinishRequestSchema = z.object({
  mode: z.enum(['flash', 'read', 'listen']),
  /**
   * When the session ended, on the phone's clock: a finish kept offline arrives later, and counts
   * the day it ended on (core `studyFinishAt`; the server moves it by the send's device time).
   */
  finishedAt: isoDateSchema.optional(),
});
export type StudySessionFinishRequest = z.infer<typeof studySessionFinishRequestSchema>;

export const studySessionFinishResponseSchema = z.object({
  counted: z.boolean(),
  streak: z.number().int(),
});
export type StudySessionFinishResponse = z.infer<typeof studySessionFinishResponseSchema>;

// ---------- Drill ----------

/** POST /api/study/:reviewer/drill: start a run of `count` questions from the scope. */
export const drillStartRequestSchema = studyScopeSchema.extend({
  count: z.number().int().min(DRILL_MIN_ITEMS).max(DRILL_MAX_ITEMS).optional(),
});
export type DrillStartRequest = z.infer<typeof drillStartRequestSchema>;

export const drillItemSchema = z.object({
  position: z.number().int(),
  questionId: z.string(),
  topicName: z.string(),
  stem: z.string(),
  choices: z.array(z.string()),
});
export type DrillItem = z.infer<typeof drillItemSchema>;

export const drillRunSchema = z.object({
  attemptId: z.uuid(),
  items: z.array(drillItemSchema),
  startedAt: isoDateSchema,
  deadlineAt: isoDateSchema,
  itemSeconds: z.number().int(),
  serverNow: isoDateSchema,
});
export type DrillRun = z.infer<typeof drillRunSchema>;

/** POST /api/study/:reviewer/drill/:attemptId/answers. `choiceIndex` null: the item's time ran out. */
export const drillAnswerRequestSchema = z.object({
  position: z
    .number()
    .int()
    .min(0)
    .max(DRILL_MAX_ITEMS - 1),
  choiceIndex: z.number().int().min(0).max(9).nullable(),
});
export type DrillAnswerRequest = z.infer<typeof drillAnswerRequestSchema>;

export const drillAnswerResponseSchema = z.object({
  position: z.number().int(),
  correct: z.boolean(),
  answerIndex: z.number().int(),
  rationale: z.string(),
  points: z.number().int(),
});
export type DrillAnswerResponse = z.infer<typeof drillAnswerResponseSchema>;

/** POST /api/study/:reviewer/drill/:attemptId/finish: graded on the server; finishing twice pays once. */
export const drillResultSchema = z.object({
  attemptId: z.uuid(),
  total: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
  points: z.number().int(),
  maxPoints: z.number().int(),
  /** The student's unclaimed drill points after this run (claimed on Tasks). */
  unclaimedDrillPoints: z.number().int(),
  streak: z.number().int(),
});
export type DrillResult = z.infer<typeof drillResultSchema>;

// ---------- Offline (issue 11: content kept on the phone; ADR 019) ----------

/**
 * GET /api/study/:reviewer/offline-pack: every flash card and reading note of the reviewer's
 * subjects, with the topics and subjects the offline screens name, in the reviewer's order. The
 * same for every student of the reviewer; versioned by a strong ETag (a hash of the body), so an
 * unchanged pack costs a 304 with no body.
 */
export const studyOfflinePackSchema = z.object({
  reviewer: z.object({ shorthand: z.string(), abbreviation: z.string(), name: z.string() }),
  /** In the reviewer's order (subject, then topic). */
  topics: z.array(studyTopicRefSchema),
  /** In the reviewer's order (subject, topic, card id): new cards are offered in this order. */
  cards: z.array(
    z.object({
      id: z.string(),
      topicId: z.string(),
      front: z.string(),
      back: z.string(),
      rationale: z.string().nullable(),
    }),
  ),
  /** In each topic's reading order. */
  notes: z.array(
    z.object({ id: z.string(), topicId: z.string(), title: z.string(), body: z.string() }),
  ),
});
export type StudyOfflinePack = z.infer<typeof studyOfflinePackSchema>;

/**
 * A student's FSRS schedule of one card (core `StoredCardState` without the review ids it
 * remembers, which only the server needs): what the phone applies offline ratings to.
 */
export const flashScheduleStateSchema = z.object({
  due: isoDateSchema,
  stability: z.number(),
  difficulty: z.number(),
  elapsed_days: z.number(),
  scheduled_days: z.number(),
  learning_steps: z.number(),
  reps: z.number().int(),
  lapses: z.number().int(),
  /** ts-fsrs `State`: 0 new, 1 learning, 2 review, 3 relearning. */
  state: z.number().int().min(0).max(3),
  last_review: isoDateSchema.nullable().optional(),
  firstReviewedAt: isoDateSchema.optional(),
});
export type FlashScheduleState = z.infer<typeof flashScheduleStateSchema>;

/**
 * GET /api/study/:reviewer/offline-progress: the student's own progress in the reviewer — the
 * schedule of every card they have reviewed and the notes they have read. Small and served apart
 * from the pack, so a rating never makes the phone download the cards again. Also versioned by a
 * strong ETag.
 */
export const studyOfflineProgressSchema = z.object({
  schedules: z.array(z.object({ cardId: z.string(), state: flashScheduleStateSchema })),
  notesRead: z.array(z.string()),
  /**
   * The first day of the student's exam sitting under the reviewer (issue 23 item 5), or null:
   * the phone rates cards offline at the retention the server would (core `retentionOn`).
   */
  examDay: dayKeySchema.nullable(),
  /**
   * The sitting's last day (the NLE's second), or null without a sitting; missing from progress
   * kept before it was sent, which the phone reads as a one-day sitting.
   */
  examLastDay: dayKeySchema.nullable().optional(),
});
export type StudyOfflineProgress = z.infer<typeof studyOfflineProgressSchema>;

import { type ChallengeItem, type SelectedPlan, SUBSCRIPTION_STATUSES } from '@pasado/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// snake_case in SQL, camelCase in TypeScript (STYLE.md habit 5). Every document the web app watches
// live carries a `version` that each write bumps, so a client can tell a newer snapshot from an
// older one (DESIGN.md "Live stream").

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const version = () => integer('version').notNull().default(1);

// The database holds the same list as core's schema, so a bad status cannot be written even by SQL.
const SUBSCRIPTION_STATUS_CHECK = sql.raw(
  `status in (${SUBSCRIPTION_STATUSES.map((s) => `'${s}'`).join(',')})`,
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    displayName: text('display_name'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    role: text('role', { enum: ['student', 'admin'] })
      .notNull()
      .default('student'),
    isOnboarded: boolean('is_onboarded').notNull().default(false),
    knowFrom: text('know_from'),
    currentLevel: text('current_level'),
    gemsCollection: jsonb('gems_collection')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    currentSubscriptionId: uuid('current_subscription_id'),
    challengesProgress: jsonb('challenges_progress')
      .$type<{ streak: ChallengeItem[]; mastery: ChallengeItem[] }>()
      .notNull()
      .default(sql`'{"streak":[],"mastery":[]}'::jsonb`),
    unclaimedDrillPoints: integer('unclaimed_drill_points').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_oidc_identity_key').on(t.oidcIssuer, t.oidcSubject),
    check('users_role_check', sql`role in ('student','admin')`),
    check('users_email_lower_check', sql`email = lower(email)`),
  ],
);

export const reviewers = pgTable('reviewers', {
  shorthand: text('shorthand').primaryKey(),
  abbreviation: text('abbreviation').notNull(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** A row here is the claim `{shorthand}: 'Granted'` (SPEC §3 token claims). */
export const reviewerAccess = pgTable(
  'reviewer_access',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewerShorthand: text('reviewer_shorthand')
      .notNull()
      .references(() => reviewers.shorthand),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reviewerShorthand] })],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    isFreeTrial: boolean('is_free_trial').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiryDate: timestamp('expiry_date', { withTimezone: true }).notNull(),
    selectedPlan: jsonb('selected_plan').$type<SelectedPlan>(),
    coachId: text('coach_id'),
    coachEmail: text('coach_email'),
    isExtension: boolean('is_extension').notNull().default(false),
    /** Set while the subscription waits for the current one to end (DESIGN.md "Buying"). */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    /** A retried or double-clicked purchase carries the same key and creates one subscription. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('subscriptions_status_check', SUBSCRIPTION_STATUS_CHECK),
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('subscriptions_idempotency_key').on(t.userId, t.idempotencyKey),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    discountAmount: integer('discount_amount').notNull().default(0),
    finalPrice: integer('final_price').notNull(),
    refCode: text('ref_code'),
    paymentScreenshotUrl: text('payment_screenshot_url'),
    screenshotSha256: text('screenshot_sha256'),
    couponCode: text('coupon_code'),
    couponId: text('coupon_id'),
    purchasedBy: text('purchased_by').notNull().default('user'),
    isFreeTrial: boolean('is_free_trial').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // Reference codes are unique across all transactions (DESIGN.md "Buying"); stored without spaces.
    uniqueIndex('transactions_ref_code_key').on(t.refCode),
    uniqueIndex('transactions_screenshot_sha256_key').on(t.screenshotSha256),
    index('transactions_subscription_idx').on(t.subscriptionId),
    check(
      'transactions_amounts_check',
      sql`price >= 0 and discount_amount >= 0 and final_price >= 0`,
    ),
  ],
);

export const loginDevices = pgTable('login_devices', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  currentDeviceUsed: text('current_device_used').notNull(),
  updatedAt: updatedAt(),
  version: version(),
});

export const loginDeviceEntries = pgTable(
  'login_device_entries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => loginDevices.userId, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    deviceInfo: text('device_info').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceId] }),
    // One active device per login (SPEC §1), held by the database, not only by code.
    uniqueIndex('login_device_entries_one_active').on(t.userId).where(sql`is_active`),
  ],
);

/** Server-side sessions (DESIGN.md "Sessions"): the cookie holds a random token; we store its hash. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason', { enum: ['signed-out', 'other-device', 'rotated'] }),
  },
  (t) => [
    // At most one live session per user: signing in elsewhere must revoke the others first.
    uniqueIndex('sessions_one_live_per_user').on(t.userId).where(sql`revoked_at is null`),
  ],
);

export const sessionLogs = pgTable(
  'session_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('session_logs_user_idx').on(t.userId, t.createdAt)],
);

/** Append-only: a trigger in the migrations refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt)],
);

export const userStats = pgTable('user_stats', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stats: jsonb('stats').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  updatedAt: updatedAt(),
});

/** Id is `{uid}_{month}_{year}` (SPEC §3, §9; core `streakRecordId`). */
export const mockExamStreaks = pgTable(
  'mock_exam_streaks',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    days: jsonb('days').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: updatedAt(),
  },
  () => [check('mock_exam_streaks_month_check', sql`month between 1 and 12`)],
);

export const seasons = pgTable(
  'seasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    status: text('status', { enum: ['open', 'closed'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiryDate: timestamp('expiry_date', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('seasons_status_check', sql`status in ('open','closed')`),
    index('seasons_open_idx').on(t.status, t.expiryDate),
  ],
);

export const userMessages = pgTable(
  'user_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageType: text('message_type', { enum: ['feedbacks', 'suggestions', 'issues'] }).notNull(),
    message: text('message').notNull(),
    attachment: text('attachment'),
    messageFromUserId: uuid('message_from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageFromUserEmail: text('message_from_user_email').notNull(),
    submittedDate: timestamp('submitted_date', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['unread', 'read'] })
      .notNull()
      .default('unread'),
    isArchive: boolean('is_archive').notNull().default(false),
  },
  (t) => [
    check('user_messages_type_check', sql`message_type in ('feedbacks','suggestions','issues')`),
    check('user_messages_length_check', sql`char_length(message) between 1 and 500`),
    index('user_messages_inbox_idx').on(t.isArchive, t.status, t.submittedDate),
  ],
);

/**
 * Daily visits of the in-app free-trial form (SPEC §7 incrementInAppFormVisit): one row per UTC
 * day, incremented with an upsert so concurrent visits never lose a count.
 */
export const inAppFormVisits = pgTable(
  'in_app_form_visits',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [check('in_app_form_visits_positive_check', sql`${t.visits} >= 0`)],
);

/**
 * Files uploaded through the API (SPEC §7 File storage), each owned by its uploader: a purchase may
 * only cite its own upload, and GET /api/files/* serves it to the owner or staff only.
 */
export const uploads = pgTable(
  'uploads',
  {
    path: text('path').primaryKey(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_owner_idx').on(t.ownerUserId, t.createdAt),
    check('uploads_sha256_check', sql`sha256 ~ '^[0-9a-f]{64}$'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Learning (issue 4): reviewers → subjects → topics → questions, flash cards, notes; blueprints;
// quiz attempts with a server-side clock; flash-card scheduling; reports. Content ids are stable
// text ids chosen by the content file, so a re-import updates rows instead of duplicating them.
// ---------------------------------------------------------------------------------------------

export const subjects = pgTable(
  'subjects',
  {
    id: text('id').primaryKey(),
    reviewerShorthand: text('reviewer_shorthand')
      .notNull()
      .references(() => reviewers.shorthand),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [index('subjects_reviewer_idx').on(t.reviewerShorthand, t.sortOrder)],
);

export const topics = pgTable(
  'topics',
  {
    id: text('id').primaryKey(),
    subjectId: text('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [index('topics_subject_idx').on(t.subjectId, t.sortOrder)],
);

export const questions = pgTable(
  'questions',
  {
    id: text('id').primaryKey(),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    stem: text('stem').notNull(),
    choices: jsonb('choices').$type<string[]>().notNull(),
    answerIndex: integer('answer_index').notNull(),
    rationale: text('rationale').notNull(),
    /** Why each choice is wrong, index-aligned with choices; null where nothing is said. */
    distractorNotes: jsonb('distractor_notes').$type<(string | null)[]>(),
    difficulty: integer('difficulty').notNull().default(2),
    /** Set while a student's report is open: the item stays out of mocks until staff clear it. */
    heldAt: timestamp('held_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_topic_idx').on(t.topicId),
    check('questions_answer_index_check', sql`answer_index >= 0`),
    check('questions_difficulty_check', sql`difficulty between 1 and 3`),
  ],
);

export const flashCards = pgTable(
  'flash_cards',
  {
    id: text('id').primaryKey(),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    front: text('front').notNull(),
    back: text('back').notNull(),
    rationale: text('rationale'),
    updatedAt: updatedAt(),
  },
  (t) => [index('flash_cards_topic_idx').on(t.topicId)],
);

/** Reading notes: Markdown, rendered without raw HTML on the web. */
export const notes = pgTable(
  'notes',
  {
    id: text('id').primaryKey(),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [index('notes_topic_idx').on(t.topicId, t.sortOrder)],
);

/** An exam's blueprint as data (DESIGN.md "Quiz"); `spec` follows core's blueprint schema. */
export const blueprints = pgTable('blueprints', {
  id: text('id').primaryKey(),
  reviewerShorthand: text('reviewer_shorthand')
    .notNull()
    .references(() => reviewers.shorthand),
  name: text('name').notNull(),
  spec: jsonb('spec').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

export const itemReports = pgTable(
  'item_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'cleared', 'fixed'] })
      .notNull()
      .default('open'),
    resolvedBy: uuid('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('item_reports_status_check', sql`status in ('open','cleared','fixed')`),
    check('item_reports_reason_check', sql`char_length(reason) between 1 and 500`),
    index('item_reports_queue_idx').on(t.status, t.createdAt),
    // One open report per student per item: a double tap does not file two.
    uniqueIndex('item_reports_one_open').on(t.questionId, t.userId).where(sql`status = 'open'`),
  ],
);

/**
 * A lite quiz or a mock exam. The clock lives here: `deadlineAt` is fixed when the attempt starts,
 * so a reload, a lost connection or another device neither resets nor stops it.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewerShorthand: text('reviewer_shorthand')
      .notNull()
      .references(() => reviewers.shorthand),
    kind: text('kind', { enum: ['lite', 'mock', 'drill'] }).notNull(),
    subjectId: text('subject_id').references(() => subjects.id),
    blueprintId: text('blueprint_id').references(() => blueprints.id),
    status: text('status', { enum: ['in_progress', 'submitted'] })
      .notNull()
      .default('in_progress'),
    /** Question ids in the order shown, with the blueprint part each belongs to (mock). */
    items: jsonb('items').$type<{ questionId: string; partId: string | null }[]>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    result: jsonb('result').$type<Record<string, unknown>>(),
    gemsEarned: integer('gems_earned').notNull().default(0),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    check('quiz_attempts_kind_check', sql`kind in ('lite','mock','drill')`),
    check('quiz_attempts_status_check', sql`status in ('in_progress','submitted')`),
    index('quiz_attempts_user_idx').on(t.userId, t.createdAt),
    // One unfinished mock per student per reviewer: "resume" is unambiguous.
    uniqueIndex('quiz_attempts_one_open_mock')
      .on(t.userId, t.reviewerShorthand)
      .where(sql`kind = 'mock' and status = 'in_progress'`),
  ],
);

export const quizAnswers = pgTable(
  'quiz_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    choiceIndex: integer('choice_index'),
    isCorrect: boolean('is_correct'),
    flagged: boolean('flagged').notNull().default(false),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);

/** FSRS state per student and card (ts-fsrs `Card`), with the due time indexed for the queue. */
export const cardSchedules = pgTable(
  'card_schedules',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: text('card_id')
      .notNull()
      .references(() => flashCards.id, { onDelete: 'cascade' }),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    lastReviewedAt: timestamp('last_reviewed_at', { withTimezone: true }),
    reps: integer('reps').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.cardId] }),
    index('card_schedules_due_idx').on(t.userId, t.due),
  ],
);

/** Notes a student has read (progress through a topic). */
export const noteReads = pgTable(
  'note_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    noteId: text('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noteId] })],
);

// ---------------------------------------------------------------------------------------------
// Progress (issues 4 and 5): per-topic stats feeding "weakest topics", daily streak, reward claims,
// leaderboard scores. The users row keeps gemsCollection, currentLevel, challengesProgress and
// unclaimedDrillPoints (SPEC §3); user_stats keeps the per-subject summary document.
// ---------------------------------------------------------------------------------------------

export const userTopicStats = pgTable(
  'user_topic_stats',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    answered: integer('answered').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    secondsStudied: integer('seconds_studied').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.topicId] }),
    check(
      'user_topic_stats_counts_check',
      sql`answered >= 0 and correct >= 0 and correct <= answered and seconds_studied >= 0`,
    ),
  ],
);

/** Daily streak in Manila days (core `extendStreak`). */
export const userStreaks = pgTable('user_streaks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  current: integer('current').notNull().default(0),
  longest: integer('longest').notNull().default(0),
  lastDay: date('last_day', { mode: 'string' }),
  updatedAt: updatedAt(),
});

/**
 * One row per reward claimed: the primary key makes a second claim of the same reward (a double
 * tap, or two devices at once) a no-op instead of a second payout.
 */
export const rewardClaims = pgTable(
  'reward_claims',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rewardKey: text('reward_key').notNull(),
    gems: integer('gems').notNull().default(0),
    points: integer('points').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.rewardKey] })],
);

/**
 * Points per board: `week:{YYYY-MM-DD of the Manila Sunday}` or `season:{id}`. `reachedAt` is when
 * the row last gained points, so ties go to whoever got there first.
 */
export const leaderboardScores = pgTable(
  'leaderboard_scores',
  {
    board: text('board').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull().default(0),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.userId] }),
    index('leaderboard_scores_rank_idx').on(t.board, t.points.desc(), t.reachedAt, t.userId),
    check('leaderboard_scores_points_check', sql`points >= 0`),
  ],
);

/**
 * Counts that make a rank cheap at any size (issue 5; scripts/bench/leaderboard.ts). A rank is the
 * students above a score plus those on the same score who reached it earlier. Counting those rows
 * one by one is slow with a million students, so three tables of counts are kept in step with
 * leaderboard_scores: per score band (100 points wide), per exact score, and per score and hour
 * reached. A rank then sums a few hundred counts and scans only the ties of one hour.
 */
export const leaderboardBandCounts = pgTable(
  'leaderboard_band_counts',
  {
    board: text('board').notNull(),
    band: integer('band').notNull(),
    students: integer('students').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.band] }),
    check('leaderboard_band_counts_students_check', sql`students >= 0`),
  ],
);

export const leaderboardScoreCounts = pgTable(
  'leaderboard_score_counts',
  {
    board: text('board').notNull(),
    points: integer('points').notNull(),
    students: integer('students').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.points] }),
    check('leaderboard_score_counts_students_check', sql`students >= 0`),
  ],
);

export const leaderboardTieCounts = pgTable(
  'leaderboard_tie_counts',
  {
    board: text('board').notNull(),
    points: integer('points').notNull(),
    /** Hours since the epoch of `reachedAt`. */
    hour: integer('hour').notNull(),
    students: integer('students').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.points, t.hour] }),
    check('leaderboard_tie_counts_students_check', sql`students >= 0`),
  ],
);

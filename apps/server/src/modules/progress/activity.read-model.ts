import { type ChallengesState, seasonBoardKey } from '@pasado/core';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import {
  type CarriedWrite,
  type Executor,
  executeNamed,
  statementsByShape,
} from '../../platform/db/client.ts';
import {
  dailyAwards,
  fairPlayFlags,
  leaderboardScores,
  seasons,
  userStreaks,
  users,
  userTopicStats,
} from '../../platform/db/schema.ts';
import { LIVE_CHANNEL, noticePayload } from '../../platform/live/topics.ts';
import { type DailyAwardRow, NO_AWARDS, type Streak } from './repository.ts';

// One activity (a finished quiz, a card rated, a note read) recorded in two statements once the
// user's row is locked (issue 25): everything it is decided on, read at once, and everything it
// changes, written at once. They read the leaderboard's seasons and scores and the content's
// topics with the progress tables, so they are a read model of the progress module, the module
// above those.

/** What recording an activity is decided on, read under the caller's lock on the user row. */
export type ActivityState = {
  /** The Manila day's awards so far (zeros when none yet). */
  daily: DailyAwardRow;
  streak: Streak | null;
  /** Every topic the student has worked on: the challenges are measured on all of them. */
  tallies: { topicId: string; answered: number; correct: number }[];
  /** The seasons running at `now`, by id. */
  seasonIds: string[];
  /** The student's scores on this week's board and the running seasons' boards. */
  scores: { board: string; points: number; reachedAt: Date }[];
};

/** `seasonBoardKey`'s prefix, for the statement that names the boards itself. */
const SEASON_BOARD_PREFIX = seasonBoardKey('');

/**
 * The state one activity is decided on, by primary keys, as one JSON text: a column any statement
 * taken after the user row's lock may carry (a finish's one read, ADR 036). The caller holds that
 * lock (every writer of these rows takes it first), so nothing read here can change before the
 * write; or the write is guarded by `activity_seq` read with it (ADR 037). `day` and `weekBoard`
 * are the Manila day's and week's keys of `now`. Read with `activityStateOf`.
 */
export function activityStateJson(input: {
  userId: unknown;
  day: unknown;
  weekBoard: unknown;
  /** `now` as an ISO text. */
  at: unknown;
}): SQL<string> {
  // Each value may be a parameter or a placeholder (a statement built once: statementOnce).
  const { userId, day, weekBoard, at } = input;
  return sql<string>`(
    with running as (
      select z.id from ${seasons} z
      where z.status = 'open' and z.expiry_date > ${at}::timestamptz and z.starts_at <= ${at}::timestamptz
    )
    select json_build_object(
      'daily', (select json_build_object('gems', d.gems, 'drillPoints', d.drill_points,
                  'answers', d.answers, 'askedAnswers', d.asked_answers,
                  'askedCorrect', d.asked_correct, 'askedSeconds', d.asked_seconds,
                  'capped', d.capped)
           from ${dailyAwards} d where d.user_id = ${userId}::uuid and d.day = ${day}::date),
      'streak', (select json_build_object('current', s.current, 'longest', s.longest,
                   'lastDay', s.last_day, 'freezes', s.freezes, 'lastFrozenDay', s.last_frozen_day)
           from ${userStreaks} s where s.user_id = ${userId}::uuid),
      'tallies', (select coalesce(json_agg(json_build_array(t.topic_id, t.answered, t.correct)), '[]')
           from ${userTopicStats} t where t.user_id = ${userId}::uuid),
      'seasonIds', (select coalesce(json_agg(z.id), '[]') from running z),
      -- By primary key on each board (one a week, one a running season): never a scan.
      'scores', (select coalesce(json_agg(json_build_array(b.board, b.points, b.reached_at)), '[]')
           from ${leaderboardScores} b
           where b.user_id = ${userId}::uuid
             and b.board = any(array[${weekBoard}::text] || array(select ${SEASON_BOARD_PREFIX}::text || z.id::text from running z)))
    )::text)`;
}

/** The state `activityStateJson` read. */
export function activityStateOf(text: string): ActivityState {
  const row = JSON.parse(text) as {
    daily: DailyAwardRow | null;
    streak: Streak | null;
    tallies: [string, number, number][];
    seasonIds: string[];
    scores: [string, number, string][];
  };
  return {
    daily: row.daily ?? NO_AWARDS,
    streak: row.streak,
    tallies: row.tallies.map(([topicId, answered, correct]) => ({ topicId, answered, correct })),
    seasonIds: row.seasonIds,
    scores: row.scores.map(([board, points, reachedAt]) => ({
      board,
      points,
      reachedAt: new Date(reachedAt),
    })),
  };
}

/** The state one activity is decided on, in one statement of its own (`activityStateJson`). */
export async function loadActivityState(
  ex: Executor,
  input: { userId: string; day: string; weekBoard: string; now: Date },
): Promise<ActivityState> {
  const result = await executeNamed<{ state: string }>(
    ex,
    sql`select ${activityStateJson({ ...input, at: input.now.toISOString() })} as state`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('loadActivityState: no row');
  return activityStateOf(row.state);
}

/** Everything one activity changes, decided by recordActivity on its ActivityState. */
export type ActivityWrite = {
  userId: string;
  day: string;
  now: Date;
  daily: DailyAwardRow;
  /** The day's fair-play flag, when the day's figures call for one. */
  flag: { reasons: string[]; evidence: Record<string, number> } | null;
  /** Per-topic tallies to add (topics in key order); user_stats sums them (a view, ADR 040). */
  tallies: readonly { topicId: string; answered: number; correct: number; seconds: number }[];
  /** The user row's progress columns, when they change, and by how much its version moves. */
  progress: {
    gemsCollection?: Record<string, number>;
    currentLevel?: string;
    unclaimedDrillPoints?: number;
    challengesProgress?: ChallengesState;
    /** updated_at moves with gems and drill points, not with the challenges alone. */
    touchUpdatedAt: boolean;
    versionBump: number;
  };
  /** The streak as it stands after a finished session; null leaves it. */
  streak: Streak | null;
  /** The live topic announced with the write (delivered when the transaction commits). */
  notice: string;
};

/**
 * Writes one activity in one statement, the caller holding the user row's lock: the user's progress
 * columns and `activity_seq`, the day's awards, the fair-play flag, the topic tallies (which the
 * per-subject sums, user_stats, are a view over: ADR 040) and the streak, and announces the user's
 * topic. What the stepwise writes did, each CTE one of them (test/progress/activity-equivalence).
 */
export async function writeActivity(ex: Executor, w: ActivityWrite): Promise<void> {
  await lockedActivityWrite(shapeOf(w))(ex, activityWriteValues(w, null));
}

/**
 * The activity's write for a caller that decided it on an unlocked read (ADR 037), with the
 * caller's own rows as CTEs of the same statement (`also`, written with the `value` placeholders
 * it names and only when the guard held: `landed`, an SQL condition). The write is guarded by the
 * user row's `activity_seq` as that read found it: it lands only if no writer of the activity's rows
 * committed since, and then all of it does. Each write answers whether it landed; when it did not,
 * nothing was written.
 */
export function guardedActivityWrite<Also extends Record<string, unknown>>(
  also: (landed: SQL, value: (name: keyof Also & string) => Placeholder) => SQL,
): (ex: Executor, w: ActivityWrite, activitySeq: number, values: Also) => Promise<boolean> {
  const statement = byShape((shape) => activityWriteSql(shape, true, also));
  return async (ex, w, activitySeq, values) => {
    const result = await statement(shapeOf(w))(ex, {
      ...activityWriteValues(w, activitySeq),
      ...values,
    });
    return result.rows[0]?.written === true;
  };
}

/**
 * Which of the activity's optional rows a write has: a CTE that would write nothing still costs
 * PostgreSQL its executor's set-up on every call (the fair-play flag and the streak, for a rating),
 * so each shape is a statement of its own.
 */
type WriteShape = { flag: boolean; tallies: boolean; streak: boolean };

const shapeKey = (shape: WriteShape) => `${shape.flag}${shape.tallies}${shape.streak}`;

function shapeOf(w: ActivityWrite): WriteShape {
  return { flag: w.flag !== null, tallies: w.tallies.length > 0, streak: w.streak !== null };
}

/** One statement built once per shape. */
function byShape(build: (shape: WriteShape) => SQL) {
  return statementsByShape<WriteShape, { written: boolean }>(shapeKey, build);
}

const lockedActivityWrite = byShape((shape) => activityWriteSql(shape, false));

/** The values `activityWriteSql`'s placeholders name. */
function activityWriteValues(w: ActivityWrite, activitySeq: number | null) {
  const p = w.progress;
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  const tallies = w.tallies.map((t) => ({
    topic_id: t.topicId,
    answered: t.answered,
    correct: t.correct,
    seconds: t.seconds,
  }));
  return {
    userId: w.userId,
    day: w.day,
    at: w.now.toISOString(),
    activitySeq,
    gemsCollection: json(p.gemsCollection),
    currentLevel: p.currentLevel ?? null,
    unclaimedDrillPoints: p.unclaimedDrillPoints ?? null,
    challengesProgress: json(p.challengesProgress),
    touchUpdatedAt: p.touchUpdatedAt,
    versionBump: p.versionBump,
    dailyGems: w.daily.gems,
    dailyDrillPoints: w.daily.drillPoints,
    dailyAnswers: w.daily.answers,
    dailyAskedAnswers: w.daily.askedAnswers,
    dailyAskedCorrect: w.daily.askedCorrect,
    dailyAskedSeconds: w.daily.askedSeconds,
    dailyCapped: w.daily.capped,
    flagReasons: JSON.stringify(w.flag?.reasons ?? []),
    flagEvidence: JSON.stringify(w.flag?.evidence ?? {}),
    tallies: JSON.stringify(tallies),
    streakCurrent: w.streak?.current ?? 0,
    streakLongest: w.streak?.longest ?? 0,
    streakLastDay: w.streak?.lastDay ?? null,
    streakFreezes: w.streak?.freezes ?? 0,
    streakLastFrozenDay: w.streak?.lastFrozenDay ?? null,
    notice: noticePayload(w.notice),
  };
}

/**
 * The activity's write, built once per shape (statementOnce): locked, or guarded with the caller's
 * own rows. The user row is written first; under a guard, every other row only when it was.
 */
function activityWriteSql(
  shape: WriteShape,
  guarded: boolean,
  also?: (landed: SQL, value: (name: string) => Placeholder) => SQL,
): SQL {
  const v = (name: keyof ReturnType<typeof activityWriteValues>) => sql.placeholder(name);
  const landed = guarded ? sql`exists (select 1 from progress)` : sql`true`;
  return sql`
    with ${activityCtes(shape, guarded, landed)}${also ? sql`, ${also(landed, (name) => sql.placeholder(name))}` : sql``}
    -- Every data-modifying CTE runs whether or not the select names it.
    select ${landed} as written,
      case when ${landed} then pg_notify(${LIVE_CHANNEL}, ${v('notice')}) end as announced`;
}

/**
 * The activity's write as data-modifying CTEs a statement of the caller's carries (a finish's
 * mark, ADR 037: one round trip for the mark, the activity and the scores), with the values of
 * their placeholders. The caller holds the user row's lock and sends the notice itself.
 */
export function activityWriteAlongside(w: ActivityWrite): CarriedWrite & { notice: string } {
  const shape = shapeOf(w);
  return {
    shape: `activity:${shapeKey(shape)}`,
    ctes: () => activityCtes(shape, false, sql`true`),
    values: activityWriteValues(w, null),
    notice: noticePayload(w.notice),
  };
}

/** The activity's data-modifying CTEs, `progress` first; `landed` guards all but it. */
function activityCtes(shape: WriteShape, guarded: boolean, landed: SQL): SQL {
  const v = (name: keyof ReturnType<typeof activityWriteValues>) => sql.placeholder(name);
  return sql`progress as (
      update ${users} set
        gems_collection = coalesce(${v('gemsCollection')}::jsonb, ${users.gemsCollection}),
        current_level = coalesce(${v('currentLevel')}::text, ${users.currentLevel}),
        unclaimed_drill_points = coalesce(${v('unclaimedDrillPoints')}::int, ${users.unclaimedDrillPoints}),
        challenges_progress = coalesce(${v('challengesProgress')}::jsonb, ${users.challengesProgress}),
        updated_at = case when ${v('touchUpdatedAt')}::boolean then ${v('at')}::timestamptz else ${users.updatedAt} end,
        version = ${users.version} + ${v('versionBump')}::int,
        activity_seq = ${users.activitySeq} + 1
      where ${users.id} = ${v('userId')}::uuid
        ${guarded ? sql`and ${users.activitySeq} = ${v('activitySeq')}::bigint` : sql``}
      returning 1
    ), daily as (
      insert into ${dailyAwards} (user_id, day, gems, drill_points, answers, asked_answers,
                                  asked_correct, asked_seconds, capped, updated_at)
      select ${v('userId')}::uuid, ${v('day')}::date, ${v('dailyGems')}::int,
             ${v('dailyDrillPoints')}::int, ${v('dailyAnswers')}::int, ${v('dailyAskedAnswers')}::int,
             ${v('dailyAskedCorrect')}::int, ${v('dailyAskedSeconds')}::int, ${v('dailyCapped')}::int,
             ${v('at')}::timestamptz
      where ${landed}
      on conflict (user_id, day) do update set gems = excluded.gems,
        drill_points = excluded.drill_points, answers = excluded.answers,
        asked_answers = excluded.asked_answers, asked_correct = excluded.asked_correct,
        asked_seconds = excluded.asked_seconds, capped = excluded.capped,
        updated_at = excluded.updated_at
    )${
      shape.flag
        ? sql`, flag as (
      insert into ${fairPlayFlags} (user_id, day, reasons, evidence, created_at)
      select ${v('userId')}::uuid, ${v('day')}::date, ${v('flagReasons')}::jsonb,
             ${v('flagEvidence')}::jsonb, ${v('at')}::timestamptz
      where ${landed}
      on conflict (user_id, day) do update set evidence = excluded.evidence,
        reasons = excluded.reasons,
        status = case when ${fairPlayFlags.reasons} @> excluded.reasons then ${fairPlayFlags.status} else 'open' end
    )`
        : sql``
    }${shape.tallies ? talliesWrite(landed) : sql``}${
      shape.streak
        ? sql`, streak as (
      insert into ${userStreaks} (user_id, current, longest, last_day, freezes, last_frozen_day, updated_at)
      select ${v('userId')}::uuid, ${v('streakCurrent')}::int, ${v('streakLongest')}::int,
             ${v('streakLastDay')}::date, ${v('streakFreezes')}::int,
             ${v('streakLastFrozenDay')}::date, ${v('at')}::timestamptz
      where ${landed}
      on conflict (user_id) do update set current = excluded.current, longest = excluded.longest,
        last_day = excluded.last_day, freezes = excluded.freezes,
        last_frozen_day = excluded.last_frozen_day, updated_at = excluded.updated_at
    )`
        : sql``
    }`;
}

/** The topic tallies added (the per-subject sums, user_stats, are a view over them: ADR 040). */
function talliesWrite(landed: SQL): SQL {
  const v = (name: keyof ReturnType<typeof activityWriteValues>) => sql.placeholder(name);
  return sql`, added as (
      insert into ${userTopicStats} (user_id, topic_id, answered, correct, seconds_studied, updated_at)
      select ${v('userId')}::uuid, t.topic_id, t.answered, t.correct, t.seconds, ${v('at')}::timestamptz
      from jsonb_to_recordset(${v('tallies')}::jsonb) as t(topic_id text, answered int, correct int, seconds int)
      where ${landed}
      order by t.topic_id
      on conflict (user_id, topic_id) do update set
        answered = ${userTopicStats.answered} + excluded.answered,
        correct = ${userTopicStats.correct} + excluded.correct,
        seconds_studied = ${userTopicStats.secondsStudied} + excluded.seconds_studied,
        updated_at = excluded.updated_at
    )`;
}

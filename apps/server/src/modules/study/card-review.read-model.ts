import type { SittingDays } from '@pasado/core';
import { sql } from 'drizzle-orm';
import { type Db, executeNamed, statementOnce, type Tx } from '../../platform/db/client.ts';
import {
  cardSchedules,
  examSittings,
  flashCards,
  reviewerAccess,
  topics,
  users,
} from '../../platform/db/schema.ts';
import {
  type ContentAccessRow,
  contentAccessJson,
  contentAccessOf,
} from '../account/content-access.read-model.ts';
import { liveSessionExists } from '../auth/sessions.repository.ts';
import { sittingLastDaySql } from '../content/exam-sittings.repository.ts';
import { isReviewerSubject } from '../content/reviewer-subjects.repository.ts';
import {
  type ActivityState,
  type ActivityWrite,
  activityStateJson,
  activityStateOf,
  guardedActivityWrite,
} from '../progress/activity.read-model.ts';
import { activityStateColumn, activityStateKeys } from '../progress/record-activity.ts';
import type { Progress } from '../progress/repository.ts';
import type { StoredSchedule } from './repository.ts';

/** Who rates which card under which reviewer, when, and the session the rating was sent with. */
export type CardReviewInput = {
  userId: string;
  reviewer: string;
  cardId: string;
  now: Date;
  session: { tokenHash: string; idleSince: Date };
};

/** A card rating's locks and what it is decided on, from one statement (issue 25). */
export type LockedCard = {
  card: { id: string; topicId: string };
  /** The student's schedule of the card, locked (an empty one, `state` {}, created first). */
  schedule: StoredSchedule;
  /** The user row's progress columns, locked: recordActivity's first step, taken here. */
  progress: Progress;
  /**
   * The days of the student's exam sitting under the reviewer, or null: the rating's FSRS
   * retention counts to them (core `retentionOn`, ADR 033), read in this same statement.
   */
  sitting: SittingDays | null;
};

export type LockedCardReview = {
  /** The session the rating was sent with is live (it may have come from the session cache). */
  sessionLive: boolean;
  /** The paywall's row (ADR 036); null when there is no such user. */
  access: ContentAccessRow | null;
  /** Null when the card is not the reviewer's (nothing is created then). */
  locked: LockedCard | null;
};

/**
 * A rating's first statement on the locked path (it was four: the card, an empty schedule
 * inserted, the schedule locked, the user row locked): the card when it is this reviewer's, the
 * user row locked for recordActivity, and the student's schedule of the card created empty when
 * there is none and locked either way (an upsert's conflict locks the row and returns it as
 * committed, so two copies of one request serialise on it even for a card never seen); and beside
 * them the session still live and the paywall's row (ADR 036), so the rating needs no read of its
 * own for either. The user row is locked before the schedule, as by every writer of a student's
 * activity and by the guarded write (ADR 037), so no two of them wait on each other in a cycle.
 */
export async function lockCardReview(tx: Tx, input: CardReviewInput): Promise<LockedCardReview> {
  // The locked card's columns are null when the card is not the reviewer's.
  type Row = Omit<LockedCardRow, 'card_id'> & {
    session_live: boolean;
    access: string | null;
    card_id: string | null;
  };
  const { userId, reviewer, cardId, now } = input;
  // node-postgres and PGlite both answer { rows }.
  const result = (await executeNamed(
    tx,
    sql`
    with card as (
      select c.id, c.topic_id from ${flashCards} c join ${topics} t on t.id = c.topic_id
      where c.id = ${cardId} and ${isReviewerSubject(sql`t.subject_id`, reviewer)}
    ), progress as (
      select u.current_level, u.gems_collection, u.challenges_progress, u.unclaimed_drill_points,
             u.gems_spent
      from ${users} u where u.id = ${userId}::uuid and exists (select 1 from card)
      for update
    ), schedule as (
      insert into ${cardSchedules} (user_id, card_id, state, due, reps)
      select ${userId}::uuid, card.id, '{}'::jsonb, ${now.toISOString()}::timestamptz, 0 from card
      where exists (select 1 from progress)
      on conflict (user_id, card_id) do update set user_id = excluded.user_id
      returning card_id, state, due, last_reviewed_at, reps
    )
    select ${liveSessionExists(tx, {
      tokenHash: sql`${input.session.tokenHash}`,
      now: sql`${now.toISOString()}`,
      idleSince: sql`${input.session.idleSince.toISOString()}`,
    })} as session_live,
      ${contentAccessJson(userId, reviewer)} as access, locked.*
    from (select 1) as one left join (
      select schedule.*, card.topic_id, progress.*,
        (select s.starts_on::text || ' ' || ${sittingLastDaySql('s')} from ${reviewerAccess} ra
          join ${examSittings} s on s.id = ra.exam_sitting_id
          where ra.user_id = ${userId}::uuid and ra.reviewer_shorthand = ${reviewer}) as exam_days
      from schedule join card on card.id = schedule.card_id cross join progress
    ) as locked on true`,
  )) as unknown as {
    rows: Row[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('A select from one row answered none.');
  return {
    sessionLive: row.session_live === true,
    access: contentAccessOf(row.access),
    locked: row.card_id === null ? null : lockedCard(userId, { ...row, card_id: row.card_id }),
  };
}

/** The locked card's columns as the lock statement answers them. */
type LockedCardRow = {
  card_id: string;
  topic_id: string;
  state: Record<string, unknown>;
  due: string | Date;
  last_reviewed_at: string | Date | null;
  reps: number;
  current_level: string | null;
  gems_collection: Record<string, number>;
  challenges_progress: Progress['challengesProgress'];
  unclaimed_drill_points: number;
  gems_spent: number;
  /** The sitting's first and last days, 'YYYY-MM-DD YYYY-MM-DD' (`sittingDaysOf`). */
  exam_days: string | null;
};

/** The sitting's days as the statements read them in one text column. */
function sittingDaysOf(text: string | null): SittingDays | null {
  if (text === null) return null;
  const [startsOn = '', endsOn = startsOn] = text.split(' ');
  return { startsOn, endsOn };
}

function lockedCard(userId: string, row: LockedCardRow): LockedCard {
  return {
    card: { id: row.card_id, topicId: row.topic_id },
    schedule: {
      userId,
      cardId: row.card_id,
      state: row.state,
      due: new Date(row.due),
      lastReviewedAt: row.last_reviewed_at === null ? null : new Date(row.last_reviewed_at),
      reps: row.reps,
    },
    progress: {
      currentLevel: row.current_level,
      gemsCollection: row.gems_collection,
      challengesProgress: row.challenges_progress,
      unclaimedDrillPoints: row.unclaimed_drill_points,
      gemsSpent: row.gems_spent,
    },
    sitting: sittingDaysOf(row.exam_days),
  };
}

/**
 * The rating's new schedule of the card, written; with `activityAt`, the statement also reads back
 * the state the rating's activity is decided on (`recordActivity`): the user row was locked by the
 * rating's first statement, so it holds still until the write (ADR 036: one round trip fewer).
 */
export async function writeReviewedSchedule(
  tx: Tx,
  input: {
    userId: string;
    cardId: string;
    schedule: Pick<StoredSchedule, 'state' | 'due' | 'lastReviewedAt' | 'reps'>;
    activityAt: Date | null;
  },
): Promise<ActivityState | null> {
  const { userId, cardId, activityAt } = input;
  const { state, due, lastReviewedAt, reps } = input.schedule;
  // Named, as the rating's other statements (ADR 036): sent unnamed, its read-back subquery was
  // parsed and planned on every rating, a fifth of PostgreSQL's CPU for the rating.
  // Without an activity to follow, the write moves the guard itself (ADR 037): a schedule is part
  // of what a guarded rating is decided on.
  const moved = activityAt
    ? sql``
    : sql`with moved as (
        update ${users} set activity_seq = ${users.activitySeq} + 1 where ${users.id} = ${userId}::uuid
      ) `;
  const result = await executeNamed<{ activity: string | null }>(
    tx,
    sql`
    ${moved}update ${cardSchedules} set state = ${JSON.stringify(state)}::jsonb,
      due = ${due.toISOString()}::timestamptz,
      last_reviewed_at = ${lastReviewedAt?.toISOString() ?? null}::timestamptz,
      reps = ${reps}
    where user_id = ${userId}::uuid and card_id = ${cardId}
    returning ${activityAt ? activityStateColumn(userId, activityAt) : sql`null::text`} as activity`,
  );
  const activity = result.rows[0]?.activity;
  return activity ? activityStateOf(activity) : null;
}

/** A rating's one read on the guarded path (ADR 037): nothing locked, nothing created. */
export type CardReviewRead = {
  sessionLive: boolean;
  access: ContentAccessRow | null;
  /** Null when the card is not the reviewer's. */
  card: { id: string; topicId: string } | null;
  /** Null when the student has never rated the card. */
  schedule: StoredSchedule | null;
  /** Null when there is no such user. */
  progress: Progress | null;
  /** The guard the write is sent with: `users.activity_seq` as read. */
  activitySeq: number;
  activity: ActivityState;
  sitting: SittingDays | null;
};

type CardReviewReadRow = Omit<LockedCardRow, 'card_id' | 'topic_id' | 'state' | 'due' | 'reps'> & {
  session_live: boolean;
  access: string | null;
  card_id: string | null;
  topic_id: string | null;
  rated: boolean;
  state: Record<string, unknown> | null;
  due: string | Date | null;
  reps: number | null;
  activity_seq: string | number | null;
  activity: string;
};

const cardReviewRead = statementOnce<
  {
    userId: string;
    reviewer: string;
    cardId: string;
    tokenHash: string;
    now: string;
    idleSince: string;
  } & ReturnType<typeof activityStateKeys>,
  CardReviewReadRow
>((ex) => {
  const value = (name: string) => sql.placeholder(name);
  const userId = value('userId');
  const reviewer = value('reviewer');
  return sql`
    select ${liveSessionExists(ex, {
      tokenHash: sql`${value('tokenHash')}`,
      now: sql`${value('now')}`,
      idleSince: sql`${value('idleSince')}`,
    })} as session_live,
      ${contentAccessJson(userId, reviewer)} as access,
      card.id as card_id, card.topic_id, s.card_id is not null as rated, s.state, s.due,
      s.last_reviewed_at, s.reps,
      u.current_level, u.gems_collection, u.challenges_progress, u.unclaimed_drill_points,
      u.gems_spent, u.activity_seq,
      (select x.starts_on::text || ' ' || ${sittingLastDaySql('x')} from ${reviewerAccess} ra
        join ${examSittings} x on x.id = ra.exam_sitting_id
        where ra.user_id = ${userId}::uuid and ra.reviewer_shorthand = ${reviewer}) as exam_days,
      ${activityStateJson({ userId, day: value('day'), weekBoard: value('weekBoard'), at: value('at') })} as activity
    from (select 1) as one
    left join (
      select c.id, c.topic_id from ${flashCards} c join ${topics} t on t.id = c.topic_id
      where c.id = ${value('cardId')} and ${isReviewerSubject(sql`t.subject_id`, reviewer)}
    ) as card on true
    left join ${cardSchedules} s on s.user_id = ${userId}::uuid and s.card_id = card.id
    left join ${users} u on u.id = ${userId}::uuid`;
});

/**
 * Everything a rating is decided on, in one statement and so on one snapshot: the session, the
 * paywall's row, the card, the student's schedule of it, the user's progress and `activity_seq`,
 * the activity's state, and the exam day the retention counts to.
 */
export async function readCardReview(db: Db, input: CardReviewInput): Promise<CardReviewRead> {
  const { userId, reviewer, cardId, now } = input;
  const result = await cardReviewRead(db, {
    userId,
    reviewer,
    cardId,
    tokenHash: input.session.tokenHash,
    now: now.toISOString(),
    idleSince: input.session.idleSince.toISOString(),
    ...activityStateKeys(now),
  });
  const row = result.rows[0];
  if (!row) throw new Error('A select from one row answered none.');
  const card = row.card_id && row.topic_id ? { id: row.card_id, topicId: row.topic_id } : null;
  return {
    sessionLive: row.session_live === true,
    access: contentAccessOf(row.access),
    card,
    schedule:
      card && row.rated && row.state && row.due !== null && row.reps !== null
        ? {
            userId,
            cardId: card.id,
            state: row.state,
            due: new Date(row.due),
            lastReviewedAt: row.last_reviewed_at === null ? null : new Date(row.last_reviewed_at),
            reps: row.reps,
          }
        : null,
    progress:
      row.activity_seq === null
        ? null
        : {
            currentLevel: row.current_level,
            gemsCollection: row.gems_collection,
            challengesProgress: row.challenges_progress,
            unclaimedDrillPoints: row.unclaimed_drill_points,
            gemsSpent: row.gems_spent,
          },
    activitySeq: Number(row.activity_seq ?? 0),
    activity: activityStateOf(row.activity),
    sitting: sittingDaysOf(row.exam_days),
  };
}

/**
 * The rating's write (ADR 037): the study time as `planActivity` decided it and the card's new
 * schedule, in one statement guarded by `activity_seq` as `readCardReview` read it, so that both
 * land or neither does. Answers whether they landed.
 */
export async function writeRating(
  db: Db,
  input: {
    activity: ActivityWrite;
    activitySeq: number;
    cardId: string;
    schedule: Pick<StoredSchedule, 'state' | 'due' | 'lastReviewedAt' | 'reps'>;
  },
): Promise<boolean> {
  const { state, due, lastReviewedAt, reps } = input.schedule;
  return ratingWrite(db, input.activity, input.activitySeq, {
    cardId: input.cardId,
    cardState: JSON.stringify(state),
    cardDue: due.toISOString(),
    cardLastReviewedAt: lastReviewedAt?.toISOString() ?? null,
    cardReps: reps,
  });
}

const ratingWrite = guardedActivityWrite<{
  cardId: string;
  cardState: string;
  cardDue: string;
  cardLastReviewedAt: string | null;
  cardReps: number;
}>(
  (landed, value) => sql`rated as (
      insert into ${cardSchedules} (user_id, card_id, state, due, last_reviewed_at, reps)
      select ${sql.placeholder('userId')}::uuid, ${value('cardId')}, ${value('cardState')}::jsonb,
             ${value('cardDue')}::timestamptz, ${value('cardLastReviewedAt')}::timestamptz,
             ${value('cardReps')}::int
      where ${landed}
      on conflict (user_id, card_id) do update set state = excluded.state, due = excluded.due,
        last_reviewed_at = excluded.last_reviewed_at, reps = excluded.reps
      returning 1
    )`,
);

import { decideStartSitting, isTimeUp, type Sitting, sittingPhase } from '@pasado/core';
import type { Db, Tx } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { grantedReviewer, requireSubscriptionAccess } from '../account/content-access.ts';
import { confirmingSession, type SentWith, SessionToConfirm } from '../auth/session-plugin.ts';
import { requireReviewerAccess } from '../content/reviewers.ts';
import { MESSAGES_QUIZ, ownAttempt } from './attempt-access.ts';
import { lockAttemptAndOwner } from './attempt-lock.read-model.ts';
import { type AttemptReply, finishedReply, stateOf } from './attempt-reply.ts';
import { type AttemptClock, updateSittings } from './attempts.repository.ts';
import {
  endRunning,
  endSitting,
  finalize,
  lockedClock,
  settleRanOutMocks,
} from './finish-attempt.ts';

/**
 * A student's changes to a running attempt (submit; finish or start a sitting), each in one
 * transaction with the attempt and its owner locked, answered with the attempt's state.
 */

/** Whose attempt a change is made to, and when; `sentWith` as the route had it (ADR 036). */
type AttemptChange = {
  userId: string;
  reviewer: string;
  attemptId: string;
  now: Date;
  /** Without it (a caller that checked the session and the grant) the lock checks neither. */
  sentWith?: SentWith | undefined;
};

/** Thrown out of a change's transaction, which wrote nothing yet: `settleRanOutMocks` first. */
class RanOutMocksFirst extends Error {}

/**
 * Runs `change` in one transaction on this student's attempt, its clock row locked (404 for
 * another's), then replies with the attempt's state: the frame of every change to a running quiz.
 */
async function changeOwnAttempt(
  db: Db,
  { userId, reviewer, attemptId, now, sentWith }: AttemptChange,
  /**
   * May return how to build the reply from what it read (a submit's finish: ADR 038), called once
   * committed; otherwise the attempt is read again after the commit.
   */
  change: (tx: Tx, locked: AttemptClock) => Promise<(() => Promise<AttemptReply>) | undefined>,
): Promise<AttemptReply> {
  let reply: (() => Promise<AttemptReply>) | undefined;
  const check = sentWith ? { userId, reviewer, session: sentWith.session, now } : undefined;
  let settled = false;
  const run = (sessionConfirmed: boolean) =>
    db.transaction(async (tx) => {
      // The owner's row too: a change that finishes the attempt records their progress under it.
      const locked = await lockAttemptAndOwner(tx, attemptId, now, check);
      if (check && !sessionConfirmed && !locked?.sessionLive) throw new SessionToConfirm();
      // Refused as every route under the reviewer is (read again: no such attempt says nothing).
      if (check && !locked?.access?.reviewer) await requireReviewerAccess(tx, userId, reviewer);
      const owned = ownAttempt(locked, userId, reviewer);
      // Only an open mock is finished on the grant alone (docs/product.md#paywall). A lite set
      // needs the subscription to be submitted, as each of its answers did: its reply is the
      // review, and the finish awards gems and points. So does a change to an attempt submitted
      // before (a second submit, a sitting of a finished mock), answered with its review, as a
      // resume of it is. Refused before anything is written.
      if (owned.kind !== 'mock' || owned.status === 'submitted') {
        if (check) grantedReviewer(locked?.access ?? null, now);
        else await requireSubscriptionAccess(tx, userId, now);
      }
      // Another mock of the student's ran out unseen: it is settled first, outside this
      // transaction (it locks that attempt, then the user row, as its own submit does), and this
      // change runs again, so its streak day comes after that mock's.
      if (locked?.otherMockRanOut && !settled) throw new RanOutMocksFirst();
      reply = await change(tx, owned);
    });
  const settlingFirst = async (sessionConfirmed: boolean) => {
    try {
      return await run(sessionConfirmed);
    } catch (error) {
      if (!(error instanceof RanOutMocksFirst)) throw error;
    }
    await settleRanOutMocks(db, userId, now);
    settled = true;
    return run(sessionConfirmed);
  };
  if (sentWith) await confirmingSession(settlingFirst, sentWith.confirmSession);
  else await settlingFirst(true);
  return reply ? reply() : stateOf(db, attemptId, now);
}

/**
 * Submits (idempotent: a second submit returns the same result). A mock in sittings is submitted
 * by ending its last sitting: here only while that one runs, else refused (each part in turn).
 */
export const submitAttempt = (
  db: Db,
  userId: string,
  reviewer: string,
  attemptId: string,
  now: Date,
  sentWith?: SentWith,
): Promise<AttemptReply> =>
  changeOwnAttempt(db, { userId, reviewer, attemptId, now, sentWith }, async (tx, locked) => {
    if (locked.status === 'submitted') return undefined;
    if (locked.sittings) {
      const phase = sittingPhase(locked.sittings);
      if (phase.kind !== 'running' || phase.index !== locked.sittings.length - 1) {
        throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.inSittings);
      }
      await endRunning(tx, locked, now);
      return undefined;
    }
    // Past the deadline the answers saved until then count, and it is marked as auto-submitted.
    // The reply is built from the finish's own read (ADR 038).
    const finished = await finalize(tx, locked, now, {
      autoSubmitted: isTimeUp(locked, now),
      forReply: true,
    });
    return () => finishedReply(db, locked, finished, now);
  });

/** The sittings of this student's mock and the index of sitting `number` (1-based), or 404. */
function sittingOf(row: AttemptClock, number: number): { sittings: Sitting[]; index: number } {
  const sittings = row.sittings;
  if (!sittings || number < 1 || number > sittings.length) throw notFound(MESSAGES_QUIZ.noSitting);
  return { sittings, index: number - 1 };
}

/** What a route does to sitting `number` of a student's mock in sittings: finish it or start it. */
function sittingAction(
  change: (tx: Tx, locked: AttemptClock, number: number, now: Date) => Promise<void>,
) {
  return (
    db: Db,
    userId: string,
    reviewer: string,
    attemptId: string,
    number: number,
    now: Date,
    sentWith?: SentWith,
  ): Promise<AttemptReply> =>
    changeOwnAttempt(db, { userId, reviewer, attemptId, now, sentWith }, async (tx, locked) => {
      await change(tx, locked, number, now);
      return undefined;
    });
}

/**
 * "Finish Part n" of a mock in sittings (issue 12 item 4): ends that sitting now (at its deadline
 * when its time is up); the last one submits the mock and rates it. Idempotent: a sitting already
 * ended (a retry, another device, its time ran out) is left as it is. Refused for a sitting not yet
 * started.
 */
export const finishSitting = sittingAction(async (tx, locked, number, now) => {
  const { sittings, index } = sittingOf(locked, number);
  if (locked.status === 'submitted') return;
  if (!(await endSitting(tx, locked, sittings, index, now))) {
    throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.sittingNotStarted);
  }
});

/**
 * "Start Part n" of a mock in sittings: its own clock of its own minutes starts now, only once
 * every earlier sitting has ended (a running one past its deadline ends first). Idempotent: a
 * sitting already started is left running on its clock.
 */
export const startSitting = sittingAction(async (tx, owned, number, now) => {
  let locked = owned;
  sittingOf(locked, number);
  if (isTimeUp(locked, now)) {
    await endRunning(tx, locked, now);
    locked = await lockedClock(tx, locked.id);
  }
  const { sittings, index } = sittingOf(locked, number);
  const decision = decideStartSitting(sittings, index, now);
  if (decision.kind === 'keep') return;
  if (locked.status === 'submitted') {
    throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.submitted);
  }
  if (decision.kind === 'refuse') {
    const message =
      decision.reason === 'running'
        ? MESSAGES_QUIZ.sittingRunning
        : MESSAGES_QUIZ.sittingOutOfOrder;
    throw new AppError('FAILED_PRECONDITION', message);
  }
  await updateSittings(tx, locked.id, {
    sittings: decision.sittings,
    deadlineAt: decision.deadlineAt,
  });
});

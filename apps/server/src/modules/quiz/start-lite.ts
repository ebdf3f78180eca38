import { randomUUID } from 'node:crypto';
import {
  isTimeUp,
  LITE_QUIZ_SIZE,
  pickLiteItems,
  retryItemIds,
  type StartLiteRequest,
} from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { grantedReviewer } from '../account/content-access.ts';
import type { SentWith } from '../auth/session-plugin.ts';
import { findSubject, findTopic } from '../content/bank.repository.ts';
import { MESSAGES_QUIZ, ownAttempt } from './attempt-access.ts';
import { type AttemptReply, attemptReply, stateOf } from './attempt-reply.ts';
import { loadAttemptItems } from './attempt-view.read-model.ts';
import { insertLiteAttempt, loadAttemptHeader } from './attempts.repository.ts';
import { settleExpired } from './finish-attempt.ts';
import { forYouItems } from './for-you.ts';
import { reviewerBank } from './lite-bank-cache.ts';
import { loadLiteStartContext } from './lite-draw.read-model.ts';

/** Who starts a lite set, and the session the request was sent with (checked in its read). */
export type LiteStarter = SentWith & {
  userId: string;
  /** The reviewer as the URL names it. */
  reviewer: string;
};

/**
 * Lite: 10 items at random from the reviewer, a subject or a topic; the missed ones of a finished
 * attempt; or For-you (issue 23 item 4, ADR 032): chosen by the student model from the same bank.
 * A plain start is two statements (ADR 036): everything it decides on in one read (the session,
 * the paywall, the holds), the draw from the bank this process remembers, the insert; the reply is
 * built from what the insert returned.
 */
export async function startLite(
  db: Db,
  starter: LiteStarter,
  input: StartLiteRequest,
  now: Date,
): Promise<AttemptReply> {
  const context = await loadLiteStartContext(db, {
    userId: starter.userId,
    shorthand: starter.reviewer,
    session: starter.session,
    now,
  });
  if (!context.sessionLive) await starter.confirmSession();
  const reviewer = grantedReviewer(context.access, now).shorthand;
  const { userId } = starter;
  let questionIds: string[];
  let subject: { id: string; name: string } | null = null;
  if (input.retryOf) {
    let source = ownAttempt(await loadAttemptHeader(db, input.retryOf), userId, reviewer);
    if (isTimeUp(source, now)) {
      await settleExpired(db, source.id, now);
      source = ownAttempt(await loadAttemptHeader(db, source.id), userId, reviewer);
    }
    if (source.status !== 'submitted') {
      throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.notFinished);
    }
    const { answers, questions } = await loadAttemptItems(db, source);
    // Held items and those the student reported stay out of a retry too, as out of every draw.
    questionIds = retryItemIds(source.items, answers, questions).filter(
      (id) => !context.held.has(id) && !context.reported.has(id),
    );
    if (questionIds.length === 0) {
      throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.nothingMissed);
    }
    const row = await insertLite(db, userId, reviewer, questionIds, {
      subjectId: source.kind === 'lite' ? source.subjectId : null,
      forYou: false,
      now,
    });
    return stateOf(db, row.id, now);
  }
  const filter: { subjectId?: string; topicId?: string } = {};
  if (input.topicId) {
    const topic = await findTopic(db, reviewer, input.topicId);
    if (!topic) throw notFound('No such topic.');
    filter.topicId = topic.id;
    subject = { id: topic.subjectId, name: topic.subjectName };
  }
  if (input.subjectId) {
    const found = await findSubject(db, reviewer, input.subjectId);
    if (!found) throw notFound('No such subject.');
    if (subject && subject.id !== found.id) throw notFound('No such topic.');
    filter.subjectId = found.id;
    subject = found;
  }
  // Held items stay out of lite quizzes too: a reported item may be wrong; so do the ones this
  // student reported, at once (issue 21). The bank as this process remembers it at the content
  // version (issue 25), the holds and reports read afresh.
  const all = await reviewerBank(db, reviewer, context.contentVersion);
  const bank = all.filter(
    (q) =>
      (filter.subjectId === undefined || q.subjectId === filter.subjectId) &&
      (filter.topicId === undefined || q.topicId === filter.topicId) &&
      !context.held.has(q.id) &&
      !context.reported.has(q.id),
  );
  questionIds = input.forYou
    ? await forYouItems(db, userId, reviewer, bank, LITE_QUIZ_SIZE, now)
    : pickLiteItems(
        bank.map((q) => q.id),
        LITE_QUIZ_SIZE,
        randomUUID(),
      );
  if (questionIds.length === 0) throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.noItems);
  const forYou = input.forYou === true;
  const row = await insertLite(db, userId, reviewer, questionIds, {
    subjectId: subject?.id ?? null,
    forYou,
    now,
  });
  // What the resume would read back: nothing answered, the content at the version drawn from.
  return attemptReply(
    db,
    {
      ...row,
      result: null,
      blueprint: null,
      subjectName: subject?.name ?? null,
      forYou,
      answers: [],
      contentVersion: context.contentVersion,
      ownerGranted: true,
    },
    now,
  );
}

async function insertLite(
  db: Db,
  userId: string,
  reviewer: string,
  questionIds: readonly string[],
  set: { subjectId: string | null; forYou: boolean; now: Date },
) {
  const row = await insertLiteAttempt(db, {
    userId,
    reviewerShorthand: reviewer,
    subjectId: set.subjectId,
    questionIds,
    startedAt: set.now,
    forYou: set.forYou,
  });
  if (!row) throw new AppError('INTERNAL', 'The quiz was not created.');
  return row;
}

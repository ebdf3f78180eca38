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
import { findSubject, findTopic } from '../content/bank.repository.ts';
import { MESSAGES_QUIZ, ownAttempt } from './attempt-access.ts';
import { type AttemptReply, stateOf } from './attempt-reply.ts';
import { loadAttemptItems } from './attempt-view.read-model.ts';
import { insertAttempt, loadAttemptHeader } from './attempts.repository.ts';
import { settleExpired } from './finish-attempt.ts';
import { forYouItems } from './for-you.ts';
import { reviewerBank } from './lite-bank-cache.ts';
import { loadLiteDrawContext } from './lite-draw.read-model.ts';

/**
 * Lite: 10 items at random from the reviewer, a subject or a topic; the missed ones of a finished
 * attempt; or For-you (issue 23 item 4, ADR 032): chosen by the student model from the same bank.
 */
export async function startLite(
  db: Db,
  userId: string,
  reviewer: string,
  input: StartLiteRequest,
  now: Date,
): Promise<AttemptReply> {
  let questionIds: string[];
  let subjectId: string | null = null;
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
    questionIds = retryItemIds(source.items, answers, questions);
    if (questionIds.length === 0) {
      throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.nothingMissed);
    }
    subjectId = source.kind === 'lite' ? source.subjectId : null;
  } else {
    const filter: { subjectId?: string; topicId?: string } = {};
    if (input.topicId) {
      const topic = await findTopic(db, reviewer, input.topicId);
      if (!topic) throw notFound('No such topic.');
      filter.topicId = topic.id;
      subjectId = topic.subjectId;
    }
    if (input.subjectId) {
      const subject = await findSubject(db, reviewer, input.subjectId);
      if (!subject) throw notFound('No such subject.');
      if (subjectId && subjectId !== subject.id) throw notFound('No such topic.');
      filter.subjectId = subject.id;
      subjectId = subject.id;
    }
    // Held items stay out of lite quizzes too: a reported item may be wrong; so do the ones this
    // student reported, at once (issue 21). The bank as this process remembers it at the content
    // version (issue 25), the holds and reports read afresh.
    const draw = await loadLiteDrawContext(db, userId);
    const all = await reviewerBank(db, reviewer, draw.contentVersion);
    const bank = all.filter(
      (q) =>
        (filter.subjectId === undefined || q.subjectId === filter.subjectId) &&
        (filter.topicId === undefined || q.topicId === filter.topicId) &&
        !draw.held.has(q.id) &&
        !draw.reported.has(q.id),
    );
    questionIds = input.forYou
      ? await forYouItems(db, userId, reviewer, bank, LITE_QUIZ_SIZE, now)
      : pickLiteItems(
          bank.map((q) => q.id),
          LITE_QUIZ_SIZE,
          randomUUID(),
        );
    if (questionIds.length === 0) throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.noItems);
  }
  const row = await insertAttempt(db, {
    userId,
    reviewerShorthand: reviewer,
    kind: 'lite',
    subjectId,
    items: questionIds.map((questionId) => ({ questionId, partId: null })),
    startedAt: now,
    forYou: input.forYou === true,
  });
  if (!row) throw new AppError('INTERNAL', 'The quiz was not created.');
  return stateOf(db, row.id, now);
}

import {
  checkOfflineAttemptTimes,
  decideAnswer,
  deviceClockOffsetMs,
  FAIR_PLAY_MESSAGES,
  OFFLINE_TIME_MESSAGES,
  type OfflineLiteAttempt,
  type OfflineLitePool,
  offlineAttemptProblem,
  offlinePoolIds,
  offlineStudyMs,
  onServerClock,
} from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireSubscriptionAccess } from '../account/content-access.ts';
import {
  findSubject,
  findTopic,
  type KeyedQuestion,
  listKeyedBank,
  listSubjectsWithCounts,
  loadQuestions,
  loadReviewerQuestions,
} from '../content/bank.repository.ts';
import { lockUser } from '../users/repository.ts';
import { MESSAGES_QUIZ } from './attempt-access.ts';
import { type AttemptReply, stateOf } from './attempt-reply.ts';
import {
  findAttemptByClientId,
  insertAnswers,
  insertOfflineAttemptOnce,
  listFinishedSpansBetween,
  lockAttemptClock,
} from './attempts.repository.ts';
import { finalize, settleRanOutMocks } from './finish-attempt.ts';

/**
 * Lite quizzes taken offline (issue 11; ADR 019): the pool of items a device keeps, and the upload
 * of a quiz taken on the device, which the server checks, grades again with the online rules and
 * records as a finished lite attempt, awarding exactly as an online finish does.
 */

export const MESSAGES_OFFLINE_LITE = {
  notThisReviewer: 'An item of this quiz is not part of this reviewer.',
  notThisChoice: 'An item of this quiz is not part of the subject or topic chosen.',
  noSubject: 'No such subject.',
  noTopic: 'No such topic.',
  sentElsewhere: 'This quiz was already sent under another reviewer.',
  nothingLeft: 'None of the items of this quiz is in the bank any more.',
} as const;

const invalid = (message: string) => new AppError('INVALID_ARGUMENT', message);

/**
 * The reviewer's offline pool: per subject with an active item, in the reviewer's order, core
 * `offlinePoolIds` of its active items (held ones left out).
 */
async function offlinePool(
  db: Db,
  reviewer: string,
): Promise<{ id: string; name: string; items: KeyedQuestion[] }[]> {
  const [subjects, bank] = await Promise.all([
    listSubjectsWithCounts(db, reviewer),
    listKeyedBank(db, reviewer),
  ]);
  const active = bank.filter((q) => !q.held);
  return subjects.flatMap((subject) => {
    const own = new Map(active.filter((q) => q.subjectId === subject.id).map((q) => [q.id, q]));
    const items = offlinePoolIds([...own.values()]).flatMap((id) => {
      const q = own.get(id);
      return q ? [q] : [];
    });
    return items.length === 0 ? [] : [{ id: subject.id, name: subject.name, items }];
  });
}

/** The reviewer's offline pool as the JSON body the route sends (and its ETag is made of). */
export async function offlineLitePool(db: Db, reviewer: string): Promise<Buffer> {
  const pool: OfflineLitePool = {
    reviewer,
    subjects: (await offlinePool(db, reviewer)).map((subject) => ({
      id: subject.id,
      name: subject.name,
      items: subject.items.map(poolItem),
    })),
  };
  return Buffer.from(JSON.stringify(pool));
}

function poolItem(q: KeyedQuestion): OfflineLitePool['subjects'][number]['items'][number] {
  return {
    id: q.id,
    topicId: q.topicId,
    topicName: q.topicName,
    stem: q.stem,
    choices: q.choices,
    answerIndex: q.answerIndex,
    rationale: q.rationale,
    distractorNotes: q.distractorNotes,
  };
}

/** The subject the quiz was drawn from (a topic's subject), checked as the reviewer's; null: all. */
async function chosenSubject(
  db: Db,
  reviewer: string,
  input: Pick<OfflineLiteAttempt, 'subjectId' | 'topicId'>,
): Promise<{ subjectId: string | null; topicId: string | null }> {
  let subjectId: string | null = null;
  if (input.topicId) {
    const topic = await findTopic(db, reviewer, input.topicId);
    if (!topic) throw invalid(MESSAGES_OFFLINE_LITE.noTopic);
    subjectId = topic.subjectId;
  }
  if (input.subjectId) {
    const subject = await findSubject(db, reviewer, input.subjectId);
    if (!subject || (subjectId && subjectId !== subject.id)) {
      throw invalid(MESSAGES_OFFLINE_LITE.noSubject);
    }
    subjectId = subject.id;
  }
  return { subjectId, topicId: input.topicId ?? null };
}

/**
 * The answers the server grades: each item must be the reviewer's and in the subject or topic
 * chosen (400 otherwise, nothing stored). An item deleted or held since the device kept it drops
 * out, as a deleted question drops out of an online attempt: the student's other answers count.
 * So does an item outside the offline pool (the bank changed since the device kept it): the
 * reply reveals each graded item's key, so it must grade only items whose keys the device was
 * given — never, say, the items of the student's own open mock.
 */
async function gradedAnswers(
  db: Db,
  reviewer: string,
  chosen: { subjectId: string | null; topicId: string | null },
  answers: OfflineLiteAttempt['answers'],
) {
  const ids = answers.map((a) => a.questionId);
  const [mine, existing, pool] = await Promise.all([
    loadReviewerQuestions(db, reviewer, ids),
    loadQuestions(db, ids),
    offlinePool(db, reviewer),
  ]);
  const pooled = new Set(pool.flatMap((subject) => subject.items.map((q) => q.id)));
  const graded: {
    questionId: string;
    choiceIndex: number;
    isCorrect: boolean;
    answeredAt: Date;
  }[] = [];
  for (const answer of answers) {
    const question = mine.get(answer.questionId);
    if (!question) {
      if (existing.has(answer.questionId)) throw invalid(MESSAGES_OFFLINE_LITE.notThisReviewer);
      continue;
    }
    const inChoice =
      (chosen.subjectId === null || question.subjectId === chosen.subjectId) &&
      (chosen.topicId === null || question.topicId === chosen.topicId);
    if (!inChoice) throw invalid(MESSAGES_OFFLINE_LITE.notThisChoice);
    const decision = decideAnswer({
      kind: 'lite',
      choiceIndex: answer.choiceIndex,
      current: null,
      choiceCount: question.choices.length,
      answerIndex: question.answerIndex,
    });
    if (decision.kind !== 'write' || decision.choiceIndex === null) {
      throw invalid(MESSAGES_QUIZ.badChoice);
    }
    if (question.held || !pooled.has(question.id)) continue;
    graded.push({
      questionId: answer.questionId,
      choiceIndex: decision.choiceIndex,
      isCorrect: decision.isCorrect === true,
      answeredAt: new Date(answer.answeredAt),
    });
  }
  if (graded.length === 0) throw invalid(MESSAGES_OFFLINE_LITE.nothingLeft);
  return graded;
}

/**
 * The attempt stored first under this client id, or a refusal when it was another reviewer's.
 * Its reply is its review, so it is answered as the first send was: while the subscription gives
 * access, or gave it when the quiz was finished and has since ended on its own — judged when it was
 * stored, so a send again after the late-work window (its first reply lost) gets the result that
 * was counted, not a refusal the phone would record as "not counted".
 */
async function firstResult(
  db: Db,
  userId: string,
  reviewer: string,
  clientAttemptId: string,
  now: Date,
): Promise<AttemptReply | null> {
  const stored = await findAttemptByClientId(db, userId, clientAttemptId);
  if (!stored) return null;
  if (stored.reviewerShorthand !== reviewer) {
    throw new AppError('FAILED_PRECONDITION', MESSAGES_OFFLINE_LITE.sentElsewhere);
  }
  // Stored means finished then, on the server's clock.
  const storedAt = stored.submittedAt ?? now;
  await requireSubscriptionAccess(db, userId, storedAt, stored.clientFinishedAt ?? undefined);
  return stateOf(db, stored.id, now);
}

const earliest = (times: readonly Date[]) => new Date(Math.min(...times.map((t) => t.getTime())));
const latest = (times: readonly Date[]) => new Date(Math.max(...times.map((t) => t.getTime())));

/**
 * Records a lite quiz taken offline. Idempotent by the client attempt id: sent again, it answers
 * with the first result (created: false) and awards nothing more. Otherwise its times are moved
 * from the phone's clock onto the server's by the difference the send's `deviceTime` shows (core
 * `deviceClockOffsetMs`; none without it) and checked (core `checkOfflineAttemptTimes`), every item
 * and choice is checked and graded with the online rules (`decideAnswer`), the quiz must have taken
 * a person's time and none of its answers fall in another of the student's quizzes (core
 * `offlineAttemptProblem`, issue 21), and one transaction stores the attempt and its answers, on
 * the server's clock, and finishes it as an online submit does (`finalize`: result, gems, points,
 * streak, tasks, within the day's caps) at the server's now.
 */
export async function receiveOfflineLite(
  db: Db,
  userId: string,
  reviewer: string,
  sent: OfflineLiteAttempt,
  now: Date,
  deviceTime?: string,
): Promise<{ state: AttemptReply; created: boolean }> {
  const first = await firstResult(db, userId, reviewer, sent.clientAttemptId, now);
  if (first) return { state: first, created: false };

  const input = onServerClock(sent, deviceClockOffsetMs(deviceTime, now));
  const startedAt = new Date(input.startedAt);
  const finishedAt = new Date(input.finishedAt);
  const problem = checkOfflineAttemptTimes(
    { startedAt, finishedAt, answeredAt: input.answers.map((a) => new Date(a.answeredAt)) },
    now,
  );
  if (problem) throw invalid(OFFLINE_TIME_MESSAGES[problem]);
  // It counts if the subscription gave access when it was finished, though it has since ended on
  // its own (the phone was offline on the last day); otherwise refused with the reason (issue 21).
  await requireSubscriptionAccess(db, userId, now, finishedAt);
  const chosen = await chosenSubject(db, reviewer, input);
  const graded = await gradedAnswers(db, reviewer, chosen, input.answers);
  // A mock of the student's that ran out unseen counts its streak day before this quiz's.
  await settleRanOutMocks(db, userId, now);

  const attemptId = await db.transaction(async (tx) => {
    // The student's quizzes are checked and stored one at a time (issue 21 finding 3): two sent
    // together cannot both pass the overlap check.
    await lockUser(tx, userId);
    if (await findAttemptByClientId(tx, userId, input.clientAttemptId)) return null;
    const answeredAt = graded.map((a) => a.answeredAt);
    const others = await listFinishedSpansBetween(
      tx,
      userId,
      earliest([startedAt, ...answeredAt]),
      latest([finishedAt, ...answeredAt]),
    );
    const unfair = offlineAttemptProblem({ startedAt, finishedAt, answeredAt }, others);
    if (unfair) throw invalid(FAIR_PLAY_MESSAGES[unfair]);
    const row = await insertOfflineAttemptOnce(tx, {
      userId,
      reviewerShorthand: reviewer,
      kind: 'lite',
      subjectId: chosen.subjectId,
      items: graded.map((a) => ({ questionId: a.questionId, partId: null })),
      startedAt,
      clientAttemptId: input.clientAttemptId,
      clientFinishedAt: finishedAt,
      forYou: input.forYou === true,
    });
    // Another request with the same id won the race: it awards, this one does nothing.
    if (!row) return null;
    await insertAnswers(
      tx,
      graded.map((a) => ({ attemptId: row.id, ...a })),
    );
    const clock = await lockAttemptClock(tx, row.id);
    if (!clock) throw new AppError('INTERNAL', 'The offline quiz vanished while it was stored.');
    await finalize(tx, clock, now, {
      autoSubmitted: false,
      studyMs: offlineStudyMs(startedAt, finishedAt, graded.length),
    });
    return row.id;
  });
  if (attemptId) return { state: await stateOf(db, attemptId, now), created: true };
  const winner = await firstResult(db, userId, reviewer, input.clientAttemptId, now);
  if (!winner) throw new AppError('INTERNAL', 'The offline quiz was not stored.');
  return { state: winner, created: false };
}

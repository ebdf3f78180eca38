import {
  DRILL_DEFAULT_ITEMS,
  DRILL_ITEM_SECONDS,
  type DrillAnswerRequest,
  type DrillAnswerResponse,
  type DrillResult,
  type DrillRun,
  type DrillStartRequest,
  drillDeadline,
  drillMaxPoints,
  finishedAt,
  gradeDrill,
  manilaDayKey,
  streakOn,
} from '@pasado/core';
import type { Db, Tx } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { loadQuestions } from '../content/bank.repository.ts';
import { ownReportedItems } from '../content/reported-items.ts';
import { drawOpenQuestions } from '../content/study-material.repository.ts';
import { recordReadiness } from '../progress/readiness.ts';
import { recordActivity } from '../progress/record-activity.ts';
import { findStreak, findUnclaimedDrillPoints } from '../progress/repository.ts';
import {
  type AttemptHeader,
  insertAnswer,
  insertAttempt,
  loadAnswers,
  lockOwnAttemptHeader,
  markSubmitted,
} from '../quiz/attempts.repository.ts';
import { settleRanOutMocks } from '../quiz/finish-attempt.ts';
import { topicsInScope } from './scope.ts';

type StoredResult = Omit<DrillResult, 'attemptId' | 'unclaimedDrillPoints'>;
type DrillGrade = ReturnType<typeof gradeDrill>;

/**
 * Starts a drill run: N questions drawn at random from the scope (items held after a student's
 * report are left out), recorded as a quiz_attempts row of kind 'drill' whose deadline is fixed
 * now (core drillDeadline), so the server — not the phone — decides when the run is over.
 */
export async function startDrill(
  db: Db,
  userId: string,
  reviewer: string,
  input: DrillStartRequest,
  now: Date,
): Promise<DrillRun> {
  const scoped = await topicsInScope(db, reviewer, input);
  const topicName = new Map(scoped.map((t) => [t.id, t.name]));
  const wanted = input.count ?? DRILL_DEFAULT_ITEMS;
  const picked =
    scoped.length === 0
      ? []
      : await drawOpenQuestions(
          db,
          scoped.map((t) => t.id),
          wanted,
          // The items this student reported stay out of their drills at once (issue 21).
          await ownReportedItems(db, userId),
        );
  if (picked.length === 0) {
    throw new AppError('FAILED_PRECONDITION', 'There are no drill questions here yet.');
  }
  const subjectId = input.topicId || input.subjectId ? (scoped[0]?.subjectId ?? null) : null;
  const deadlineAt = drillDeadline(now, picked.length);
  const attempt = await insertAttempt(db, {
    userId,
    reviewerShorthand: reviewer,
    kind: 'drill',
    subjectId,
    items: picked.map((q) => ({ questionId: q.id, partId: null })),
    startedAt: now,
    deadlineAt,
  });
  if (!attempt) throw new Error('drill attempt not created');
  return {
    attemptId: attempt.id,
    items: picked.map((q, position) => ({
      position,
      questionId: q.id,
      topicName: topicName.get(q.topicId) ?? '',
      stem: q.stem,
      choices: q.choices,
    })),
    startedAt: now.toISOString(),
    deadlineAt: deadlineAt.toISOString(),
    itemSeconds: DRILL_ITEM_SECONDS,
    serverNow: now.toISOString(),
  };
}

async function lockAttempt(tx: Tx, userId: string, reviewer: string, attemptId: string) {
  const attempt = await lockOwnAttemptHeader(tx, attemptId, { userId, reviewer, kind: 'drill' });
  if (!attempt) throw notFound('No such drill run.');
  return attempt;
}

async function gradeAttempt(tx: Tx, attempt: AttemptHeader) {
  const byQuestion = await loadAnswers(tx, attempt.id);
  const ordered = attempt.items.map((item) => {
    const answer = byQuestion.get(item.questionId);
    return {
      correct: answer ? answer.isCorrect : null,
      answeredAt: answer ? answer.answeredAt : null,
    };
  });
  return { grade: gradeDrill(attempt.startedAt, ordered), answers: byQuestion };
}

/**
 * Records one answer. Items are answered in order (the per-item time runs from the previous
 * answer); re-sending an answer already recorded returns it unchanged, even after the deadline,
 * so a retry after a dropped connection is safe. A new answer after the deadline is refused.
 */
export async function answerDrill(
  db: Db,
  userId: string,
  reviewer: string,
  attemptId: string,
  input: DrillAnswerRequest,
  now: Date,
): Promise<DrillAnswerResponse> {
  return db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, userId, reviewer, attemptId);
    const item = attempt.items[input.position];
    if (!item) throw new AppError('INVALID_ARGUMENT', 'No such item in this drill run.');
    const question = (await loadQuestions(tx, [item.questionId])).get(item.questionId);
    if (!question) throw notFound('This question is no longer available.');

    const reply = (correct: boolean, grade: DrillGrade): DrillAnswerResponse => ({
      position: input.position,
      correct,
      answerIndex: question.answerIndex,
      rationale: question.rationale,
      points: grade.itemPoints[input.position] ?? 0,
    });

    const before = await gradeAttempt(tx, attempt);
    const existing = before.answers.get(item.questionId);
    if (existing) return reply(existing.isCorrect === true, before.grade);
    if (attempt.status !== 'in_progress') {
      throw new AppError('FAILED_PRECONDITION', 'This drill run is already finished.');
    }
    if (attempt.deadlineAt && now.getTime() > attempt.deadlineAt.getTime()) {
      throw new AppError('FAILED_PRECONDITION', 'Time is up for this drill run.');
    }
    if (before.answers.size !== input.position) {
      throw new AppError('FAILED_PRECONDITION', 'Answer the items in order.');
    }
    if (input.choiceIndex !== null && input.choiceIndex >= question.choices.length) {
      throw new AppError('INVALID_ARGUMENT', 'No such choice.');
    }
    const correct = input.choiceIndex === null ? null : input.choiceIndex === question.answerIndex;
    await insertAnswer(tx, {
      attemptId: attempt.id,
      questionId: item.questionId,
      choiceIndex: input.choiceIndex,
      isCorrect: correct,
      answeredAt: now,
    });
    const after = await gradeAttempt(tx, attempt);
    return reply(correct === true, after.grade);
  });
}

/**
 * Ends a run: grades it on the server (core gradeDrill) and records the progress — topic stats,
 * time studied, the drill points (kept unclaimed on the user until claimed on Tasks) and the
 * daily streak when at least one item was answered, all on the Manila day the run was finished
 * (its deadline's, for a finish sent after it). Finishing again returns the same result and pays
 * nothing more.
 */
export async function finishDrill(
  db: Db,
  userId: string,
  reviewer: string,
  attemptId: string,
  now: Date,
): Promise<DrillResult> {
  // A mock of the student's that ran out unseen counts its streak day before this run's.
  await settleRanOutMocks(db, userId, now);
  return db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, userId, reviewer, attemptId);
    let result: StoredResult;
    if (attempt.status === 'submitted' && attempt.result) {
      result = attempt.result as StoredResult;
    } else {
      // A finish sent after the run's time was finished at its deadline, as a mock is (core
      // `finishedAt`): its answers, points and streak day are the day it was answered, not the
      // day the finish arrived. Counted on arrival, runs answered on one day and finished one a
      // day later kept a streak without study, and billed that day's points to later days' caps.
      const at = finishedAt(attempt, now);
      const { grade, answers } = await gradeAttempt(tx, attempt);
      const questions = await loadQuestions(
        tx,
        attempt.items.map((i) => i.questionId),
      );
      const perTopic = new Map<string, { answered: number; correct: number; ms: number }>();
      attempt.items.forEach((item, position) => {
        const topicId = questions.get(item.questionId)?.topicId;
        const answer = answers.get(item.questionId);
        if (!topicId || !answer) return;
        const tally = perTopic.get(topicId) ?? { answered: 0, correct: 0, ms: 0 };
        if (answer.isCorrect !== null) tally.answered += 1;
        if (answer.isCorrect === true) tally.correct += 1;
        tally.ms += grade.itemMs[position] ?? 0;
        perTopic.set(topicId, tally);
      });
      const outcome = await recordActivity(
        tx,
        userId,
        {
          topics: [...perTopic].map(([topicId, t]) => ({
            topicId,
            answered: t.answered,
            correct: t.correct,
            seconds: Math.round(t.ms / 1000),
          })),
          gems: 0,
          drillPoints: grade.points,
          finished: grade.answered > 0,
        },
        at,
      );
      // The drill's final answers teach the student model too (issue 23 item 2; the user row
      // is locked by recordActivity).
      await recordReadiness(tx, {
        userId,
        reviewer,
        answers: attempt.items.flatMap((item) => {
          const correct = answers.get(item.questionId)?.isCorrect;
          return typeof correct === 'boolean' ? [{ questionId: item.questionId, correct }] : [];
        }),
        fullMock: false,
        now,
      });
      result = {
        total: attempt.items.length,
        answered: grade.answered,
        correct: grade.correct,
        // What the day's drill-point cap let this run add (docs/product.md#fair-play), as a quiz's
        // result shows the gems it added: the run's grade alone would show points never paid.
        points: outcome.drillPointsAdded,
        maxPoints: drillMaxPoints(attempt.items.length),
        // The streak as it stands today, also after a finish dated an earlier day.
        streak: await streakToday(tx, userId, outcome.streak, at, now),
      };
      await markSubmitted(tx, attempt.id, { submittedAt: at, settledAt: now, result });
    }
    const unclaimed = await findUnclaimedDrillPoints(tx, userId);
    return { attemptId: attempt.id, ...result, unclaimedDrillPoints: unclaimed ?? 0 };
  });
}

/** `streak` as of `at`'s Manila day, as it stands on `now`'s (read again when they differ). */
async function streakToday(tx: Tx, userId: string, streak: number, at: Date, now: Date) {
  const today = manilaDayKey(now);
  if (manilaDayKey(at) === today) return streak;
  const row = await findStreak(tx, userId);
  return row ? streakOn(row, today) : 0;
}

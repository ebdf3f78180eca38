import {
  attemptTitle,
  manilaDayKey,
  manilaDayStart,
  nextPlanMock,
  percentage,
  planMock,
  planSittings,
  type QuizHome,
  type QuizResult,
  type Reviewer,
  sittingDays,
  sittingExamDay,
  todayList,
  WEAKEST_TOPICS_MIN_ANSWERED,
} from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { findBlueprint, listBank, listSubjectsWithCounts } from '../content/bank.repository.ts';
import { sittingChoice } from '../content/exam-sittings.ts';
import { majorChoice } from '../content/offers.ts';
import { findDayPlan, keepDayPlan } from '../progress/plan-days.repository.ts';
import { readinessFor } from '../progress/readiness.ts';
import { findAnswersOfDay } from '../progress/repository.ts';
import { asKind } from './attempt-access.ts';
import { countAnswered, listRecentSubmitted } from './attempts.repository.ts';
import { listRecentMocks } from './mock-history.repository.ts';
import { findOpenMock } from './start-mock.ts';
import { listWeakestTopics } from './topic-stats.read-model.ts';

const RECENT_RESULTS = 5;
const WEAKEST_TOPICS = 5;
/** Points on the score history chart: enough for a review season's weekly mocks. */
const MOCK_HISTORY = 12;

/**
 * The Today list's cards row (issue 23 item 5): the student's cards of the reviewer due at `now`
 * and rated since `dayStart`. Flash cards are the study module's, above this one in the module
 * order, so app.ts hands its reader over (as it hands the live hub its topics' readers).
 */
export type CardsTodayReader = (
  db: Db,
  userId: string,
  reviewer: string,
  now: Date,
  dayStart: Date,
) => Promise<{ due: number; reviewed: number }>;

/** The quiz home of one reviewer (issue 4 "Quiz home"). */
export async function quizHome(
  db: Db,
  userId: string,
  reviewer: Reviewer,
  now: Date,
  cardsToday: CardsTodayReader,
): Promise<QuizHome> {
  const shorthand = reviewer.shorthand;
  const [subjectList, blueprint, open, sitting] = await Promise.all([
    listSubjectsWithCounts(db, shorthand),
    findBlueprint(db, shorthand),
    findOpenMock(db, userId, shorthand, now),
    sittingChoice(db, userId, shorthand, now),
  ]);

  const major = blueprint ? await majorChoice(db, userId, shorthand, blueprint.spec) : null;
  let mock: QuizHome['mock'] = null;
  if (blueprint) {
    // Without a seed's randomness the counts are the same for any seed: they show the real size.
    const plan = planMock(blueprint.spec, await listBank(db, shorthand), 'preview', {
      major: major?.current ?? null,
    });
    if (plan.totalItems > 0) {
      mock = {
        name: blueprint.name,
        totalItems: plan.totalItems,
        totalMinutes: plan.totalMinutes,
        passingAverage: blueprint.spec.passingAverage,
        parts: plan.parts
          .filter((p) => p.questionIds.length > 0)
          .map((p) => ({
            partId: p.partId,
            name: p.name,
            items: p.questionIds.length,
            minutes: p.minutes,
          })),
        sittings: planSittings(blueprint.spec, plan, now)?.length ?? 1,
      };
    }
  }

  let openMock: QuizHome['openMock'] = null;
  // A mock in sittings has no deadline between its sittings, and is open all the same.
  if (open && (open.deadlineAt || open.sittings)) {
    openMock = {
      attemptId: open.id,
      deadlineAt: open.deadlineAt?.toISOString() ?? null,
      serverNow: now.toISOString(),
      answered: await countAnswered(db, open.id),
      total: open.items.length,
    };
  }

  const recentRows = await listRecentSubmitted(db, userId, shorthand, RECENT_RESULTS);
  const subjectNames = new Map(subjectList.map((s) => [s.id, s.name]));
  const recent: QuizHome['recent'] = [];
  for (const row of recentRows) {
    const result = row.result as QuizResult | null;
    if (!result || !row.submittedAt) continue;
    const kind = asKind(row.kind);
    const subject = row.subjectId ? subjectNames.get(row.subjectId) : null;
    recent.push({
      attemptId: row.id,
      kind,
      title: attemptTitle(kind, { subject, blueprint: blueprint?.name, forYou: row.forYou }),
      submittedAt: row.submittedAt.toISOString(),
      correct: result.correct,
      total: result.total,
      percentage: result.percentage,
      weightedRating: result.weightedRating,
      passed: result.passed,
      gemsEarned: row.gemsEarned,
    });
  }

  const mockHistory: QuizHome['mockHistory'] = [];
  const recentMocks = await listRecentMocks(db, userId, shorthand, MOCK_HISTORY);
  for (const row of recentMocks) {
    const result = row.result as QuizResult | null;
    if (
      !row.submittedAt ||
      result?.weightedRating == null ||
      result.passingAverage == null ||
      result.passed == null
    ) {
      continue;
    }
    mockHistory.unshift({
      attemptId: row.id,
      submittedAt: row.submittedAt.toISOString(),
      weightedRating: result.weightedRating,
      passingAverage: result.passingAverage,
      passed: result.passed,
      // Newest first here, so the first one kept is the latest.
      parts: mockHistory.length === 0 ? (result.parts ?? null) : null,
    });
  }

  const weakRows = await listWeakestTopics(db, userId, shorthand, {
    minAnswered: WEAKEST_TOPICS_MIN_ANSWERED,
    limit: WEAKEST_TOPICS,
  });

  // Newest first: the last full mock the student finished in this track.
  const lastFullMockAt = recentMocks[0]?.submittedAt ?? null;
  const day = manilaDayKey(now);
  // Any day of the sitting is exam day (the NLE's second too), not a passed date.
  const examDay = sittingExamDay(sitting.current && sittingDays(sitting.current), day);
  // Only with items to predict from: a track without a mock has no exam to be ready for.
  const ready = blueprint && mock ? blueprint : null;
  const [summary, keptPlan] = await Promise.all([
    ready
      ? readinessFor(db, {
          userId,
          reviewer: shorthand,
          spec: ready.spec,
          major: major?.current ?? null,
          examDay,
          now,
        })
      : null,
    // Beside the model's read: the day's figure, kept only while an exam day is ahead (a plan).
    ready && examDay !== null && examDay > day ? findDayPlan(db, userId, shorthand) : null,
  ]);
  let readiness = summary;
  if (readiness?.plan && examDay !== null) {
    const { plan } = readiness;
    // The day's target is the first one computed that day (docs/product.md#today): the answers
    // the Today list counts move the model, and a target moving with them would undo "All done".
    const fixed =
      keptPlan?.day === day && keptPlan.examDay === examDay
        ? keptPlan
        : await keepDayPlan(db, userId, shorthand, {
            day,
            examDay,
            items: plan.dailyItems,
            minutes: plan.dailyMinutes,
          });
    readiness = {
      ...readiness,
      plan: {
        ...plan,
        dailyItems: fixed.items,
        dailyMinutes: fixed.minutes,
        // readinessFor plans from the model alone: the next mock skips one the student has taken.
        nextMockDay: nextPlanMock(plan.mockDays, now, lastFullMockAt),
      },
    };
  }

  // The plan's list for today (issue 23 item 5; ADR 033): only with a plan, so a student
  // without an exam date costs no reads for it.
  let today: QuizHome['today'] = null;
  if (readiness?.plan) {
    const [answeredToday, cards] = await Promise.all([
      findAnswersOfDay(db, userId, day),
      cardsToday(db, userId, shorthand, now, manilaDayStart(now)),
    ]);
    today = todayList({
      now,
      plan: readiness.plan,
      answeredToday,
      cardsDue: cards.due,
      cardsReviewedToday: cards.reviewed,
      lastFullMockAt,
    });
  }

  return {
    reviewer: { shorthand, abbreviation: reviewer.abbreviation, name: reviewer.name },
    subjects: subjectList,
    major,
    sitting,
    mock,
    openMock,
    recent,
    weakestTopics: weakRows.map((r) => ({
      ...r,
      accuracy: percentage(r.correct, r.answered),
    })),
    weakestMinAnswered: WEAKEST_TOPICS_MIN_ANSWERED,
    mockHistory,
    readiness,
    today,
  };
}

import {
  planMock,
  type QuizHome,
  type QuizResult,
  type Reviewer,
  WEAKEST_TOPICS_MIN_ANSWERED,
} from '@pasado/core';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  quizAnswers,
  quizAttempts,
  subjects,
  topics,
  userTopicStats,
} from '../../platform/db/schema.ts';
import { findOpenMock } from './attempts.ts';
import { findBlueprint, listBank, listSubjectsWithCounts } from './bank.ts';

const RECENT_RESULTS = 5;
const WEAKEST_TOPICS = 5;

/** The quiz home of one reviewer (issue 4 "Quiz home"). */
export async function quizHome(
  db: Db,
  userId: string,
  reviewer: Reviewer,
  now: Date,
): Promise<QuizHome> {
  const shorthand = reviewer.shorthand;
  const [subjectList, blueprint, open] = await Promise.all([
    listSubjectsWithCounts(db, shorthand),
    findBlueprint(db, shorthand),
    findOpenMock(db, userId, shorthand, now),
  ]);

  let mock: QuizHome['mock'] = null;
  if (blueprint) {
    // Without a seed's randomness the counts are the same for any seed: they show the real size.
    const plan = planMock(blueprint.spec, await listBank(db, shorthand), 'preview');
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
      };
    }
  }

  let openMock: QuizHome['openMock'] = null;
  if (open?.deadlineAt) {
    const [count] = await db
      .select({ answered: sql<number>`count(*)::int` })
      .from(quizAnswers)
      .where(and(eq(quizAnswers.attemptId, open.id), sql`${quizAnswers.choiceIndex} is not null`));
    openMock = {
      attemptId: open.id,
      deadlineAt: open.deadlineAt.toISOString(),
      serverNow: now.toISOString(),
      answered: Number(count?.answered ?? 0),
      total: open.items.length,
    };
  }

  const recentRows = await db
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.reviewerShorthand, shorthand),
        eq(quizAttempts.status, 'submitted'),
        inArray(quizAttempts.kind, ['lite', 'mock']),
      ),
    )
    .orderBy(desc(quizAttempts.submittedAt))
    .limit(RECENT_RESULTS);
  const subjectNames = new Map(subjectList.map((s) => [s.id, s.name]));
  const recent: QuizHome['recent'] = [];
  for (const row of recentRows) {
    const result = row.result as QuizResult | null;
    if (!result || !row.submittedAt) continue;
    const kind = row.kind === 'mock' ? 'mock' : 'lite';
    const subject = row.subjectId ? subjectNames.get(row.subjectId) : null;
    recent.push({
      attemptId: row.id,
      kind,
      title:
        kind === 'mock'
          ? (blueprint?.name ?? 'Mock exam')
          : subject
            ? `Lite quiz: ${subject}`
            : 'Lite quiz: all subjects',
      submittedAt: row.submittedAt.toISOString(),
      correct: result.correct,
      total: result.total,
      percentage: result.percentage,
      weightedRating: result.weightedRating,
      passed: result.passed,
      gemsEarned: row.gemsEarned,
    });
  }

  const weakRows = await db
    .select({
      topicId: topics.id,
      topicName: topics.name,
      subjectId: subjects.id,
      subjectName: subjects.name,
      answered: userTopicStats.answered,
      correct: userTopicStats.correct,
    })
    .from(userTopicStats)
    .innerJoin(topics, eq(topics.id, userTopicStats.topicId))
    .innerJoin(subjects, eq(subjects.id, topics.subjectId))
    .where(
      and(
        eq(userTopicStats.userId, userId),
        eq(subjects.reviewerShorthand, shorthand),
        gte(userTopicStats.answered, WEAKEST_TOPICS_MIN_ANSWERED),
      ),
    )
    .orderBy(
      asc(sql`${userTopicStats.correct}::float / ${userTopicStats.answered}`),
      desc(userTopicStats.answered),
      asc(topics.name),
    )
    .limit(WEAKEST_TOPICS);

  return {
    reviewer: { shorthand, abbreviation: reviewer.abbreviation, name: reviewer.name },
    subjects: subjectList,
    mock,
    openMock,
    recent,
    weakestTopics: weakRows.map((r) => ({
      ...r,
      accuracy: r.answered > 0 ? Math.round((r.correct / r.answered) * 10_000) / 100 : 0,
    })),
    weakestMinAnswered: WEAKEST_TOPICS_MIN_ANSWERED,
  };
}

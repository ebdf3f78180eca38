import { randomUUID } from 'node:crypto';
import {
  analyseItems,
  analyseItemTally,
  attemptScoreShares,
  type ItemResponse,
} from '@pasado/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tallySubmittedItems } from '../../src/modules/quiz/item-tallies.read-model.ts';
import {
  questions,
  quizAnswers,
  quizAttempts,
  subjects,
  topics,
} from '../../src/platform/db/schema.ts';
import { createStudent } from '../helpers/factories.ts';
import { seededRandom } from '../helpers/seeded-random.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

/**
 * The tallies the database works out (issue 25 item 2) give exactly the figures core's
 * `analyseItems` gives over every response in memory, the way the job computed them before: on a
 * seeded random history with every awkward case — score ties (short quizzes), blanks with and
 * without an answer row, choices outside today's options, an item listed twice in one attempt, a
 * deleted question, drills, unfinished and offline attempts, and submission times with
 * microseconds next to a resolution time.
 */

interface Question {
  id: string;
  choiceCount: number;
  answerIndex: number;
}
interface Attempt {
  id: string;
  kind: 'mock' | 'lite' | 'drill';
  status: 'submitted' | 'in_progress';
  offline: boolean;
  submittedAt: Date;
  /** Microseconds past the millisecond, set in SQL (a JavaScript Date has none). */
  micros: number;
  items: string[];
  /** Answer rows: question → choice (null: a row with no choice). */
  answers: Map<string, number | null>;
}

const DELETED = 'eq-deleted';

function history(seed: number) {
  const next = seededRandom(seed);
  const pick = (n: number) => Math.floor(next() * n);
  const qs: Question[] = Array.from({ length: 60 }, (_, i) => {
    const choiceCount = 2 + pick(4);
    return { id: `eq-q${String(i).padStart(2, '0')}`, choiceCount, answerIndex: pick(choiceCount) };
  });
  // Most items favour the able; some are a coin toss (low discrimination); some draw the able to
  // the option after the key (a distractor over the key).
  const choose = (q: Question, ability: number) => {
    const n = Number(q.id.slice(4));
    if (n % 7 === 3) return pick(q.choiceCount);
    if (n % 11 === 5 && next() < ability) return (q.answerIndex + 1) % q.choiceCount;
    return next() < ability ? q.answerIndex : pick(q.choiceCount);
  };
  const start = Date.parse('2026-10-01T00:00:00Z');
  const attempts: Attempt[] = Array.from({ length: 500 }, (_, i) => {
    const ability = next();
    // Questions appear at different rates, so their response counts (and group sizes) vary widely.
    const pool = qs.filter((_q, k) => next() < 0.05 + (k / qs.length) * 0.6);
    const items = pool.slice(0, 4 + pick(20)).map((q) => q.id);
    if (i % 37 === 0 && items[0]) items.push(items[0]);
    if (i % 23 === 0) items.push(DELETED);
    const answers = new Map<string, number | null>();
    for (const id of items) {
      const q = qs.find((x) => x.id === id);
      if (!q || next() < 0.1) continue; // unanswered: no row
      if (next() < 0.05) answers.set(id, null);
      else if (next() < 0.03)
        answers.set(id, q.choiceCount + pick(2)); // outside today's options
      else answers.set(id, choose(q, ability));
    }
    return {
      id: randomUUID(),
      // One open mock per student is allowed, so the unfinished attempts are lite quizzes.
      kind: i % 17 === 0 ? 'lite' : i % 11 === 0 ? 'drill' : i % 2 === 0 ? 'mock' : 'lite',
      status: i % 17 === 0 ? 'in_progress' : 'submitted',
      offline: i % 19 === 0,
      submittedAt: new Date(start + i * 3_600_000),
      micros: i % 3 === 0 ? 700 : 0,
      items,
      answers,
    };
  });
  return { qs, attempts };
}

/** What the job fed `analyseItems` before: one row per attempt and item, built here from the data. */
function referenceResponses(qs: readonly Question[], attempts: readonly Attempt[]) {
  const byId = new Map(qs.map((q) => [q.id, q]));
  const rows = attempts
    .filter((a) => a.status === 'submitted' && a.kind !== 'drill' && !a.offline)
    .flatMap((a) =>
      a.items.flatMap((id) => {
        const q = byId.get(id);
        if (!q) return [];
        return [
          {
            attemptId: a.id,
            submittedAt: a.submittedAt,
            questionId: id,
            choiceIndex: a.answers.get(id) ?? null,
            choiceCount: q.choiceCount,
            answerIndex: q.answerIndex,
          },
        ];
      }),
    );
  const scores = attemptScoreShares(rows);
  const responses: ItemResponse[] = rows.map((r) => ({
    ...r,
    attemptScore: scores.get(r.attemptId) ?? 0,
  }));
  return { rows, responses };
}

describe.each(ENGINES)('item analysis in the database on %s', (engine) => {
  let t: TestApp;
  const { qs, attempts } = history(25);

  beforeAll(async () => {
    t = await startTestApp(engine);
    const student = await createStudent(t);
    const db = t.app.database.db;
    await db
      .insert(subjects)
      .values({ id: 'eq-subject', reviewerShorthand: 'cse-pro', name: 'Eq' });
    await db.insert(topics).values({ id: 'eq-topic', subjectId: 'eq-subject', name: 'Eq' });
    await db.insert(questions).values(
      qs.map((q) => ({
        id: q.id,
        topicId: 'eq-topic',
        stem: `Equivalence item ${q.id}`,
        choices: Array.from({ length: q.choiceCount }, (_, i) => `Option ${i + 1}`),
        answerIndex: q.answerIndex,
        rationale: 'Synthetic.',
      })),
    );
    await db.insert(quizAttempts).values(
      attempts.map((a) => ({
        id: a.id,
        userId: student.userId,
        reviewerShorthand: 'cse-pro',
        kind: a.kind,
        status: a.status,
        items: a.items.map((questionId) => ({ questionId, partId: null })),
        startedAt: new Date(a.submittedAt.getTime() - 60_000),
        submittedAt: a.status === 'submitted' ? a.submittedAt : null,
        clientAttemptId: a.offline ? randomUUID() : null,
      })),
    );
    await db.insert(quizAnswers).values(
      attempts.flatMap((a) =>
        [...a.answers].map(([questionId, choiceIndex]) => ({
          attemptId: a.id,
          questionId,
          choiceIndex,
          isCorrect: null,
        })),
      ),
    );
    await db.execute(
      sql`update ${quizAttempts} set submitted_at = submitted_at + interval '700 microseconds'
          where id in (${sql.join(
            attempts.filter((a) => a.micros > 0).map((a) => sql`${a.id}::uuid`),
            sql`, `,
          )})`,
    );
  });
  afterAll(() => t.close());

  it('gives every question exactly the figures analyseItems gives over all responses', async () => {
    const { responses } = referenceResponses(qs, attempts);
    const expected = analyseItems(responses).sort((a, b) => (a.questionId < b.questionId ? -1 : 1));
    const { tallies } = await tallySubmittedItems(t.app.database.db, new Map());
    const actual = tallies
      .map(analyseItemTally)
      .sort((a, b) => (a.questionId < b.questionId ? -1 : 1));
    expect(expected.length).toBeGreaterThan(50);
    expect(new Set(expected.map((i) => i.responses)).size).toBeGreaterThan(30);
    expect(expected.some((i) => i.flag === 'low-discrimination')).toBe(true);
    expect(expected.some((i) => i.flag === 'distractor-over-key')).toBe(true);
    expect(actual).toEqual(expected);
  });

  it('counts each resolved question’s responses submitted by its resolution time, to the millisecond', async () => {
    const { rows } = referenceResponses(qs, attempts);
    // Resolution times on a submission's millisecond: its microseconds must not push it after.
    const resolvedAt = new Map(
      qs
        .filter((_, i) => i % 3 === 0)
        .map((q, i) => [q.id, attempts[(i * 59) % attempts.length]?.submittedAt as Date]),
    );
    resolvedAt.set('eq-never-answered', new Date());
    const { responsesAtResolution } = await tallySubmittedItems(t.app.database.db, resolvedAt);
    const expected = new Map<string, number>();
    for (const r of rows) {
      const at = resolvedAt.get(r.questionId);
      if (at && r.submittedAt <= at)
        expected.set(r.questionId, (expected.get(r.questionId) ?? 0) + 1);
    }
    for (const id of resolvedAt.keys()) {
      expect([id, responsesAtResolution.get(id) ?? 0]).toEqual([id, expected.get(id) ?? 0]);
    }
    expect([...expected.values()].some((n) => n > 0)).toBe(true);
  });
});

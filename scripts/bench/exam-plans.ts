// Issue 10: the plans of what exam night runs. Every statement of an answer save, a resume, a
// submission, a lite quiz and a flash-card rating (and GET /api/me, the reference), captured as the
// requests run on the bundled banks at exam-night volume, explained with the same parameters.
// Prints each statement with the scans of its plan; judges nothing (the plans test asserts).
//   npm run bench:exam:plans                      PostgreSQL when TEST_DATABASE_URL or DATABASE_URL
//   npm run bench:exam:plans -- --engine=pglite   is set, else PGlite
import { randomUUID } from 'node:crypto';
import { attemptStateSchema } from '@pasado/core';
import { seedBundledContent } from '../../apps/server/src/modules/content/seed-bundled-content.ts';
import { createOnboardedStudent } from '../../apps/server/test/helpers/factories.ts';
import { startTestApp } from '../../apps/server/test/helpers/test-app.ts';
import {
  BIG_TABLES,
  captureStatements,
  describePlans,
  explainStatements,
  seedVolume,
  seqScansOf,
} from '../../apps/server/test/quiz/statement-plans.ts';

const REVIEWER = process.env.BENCH_REVIEWER ?? 'cse-pro';
const STUDENTS = Number(process.env.BENCH_VOLUME_STUDENTS ?? 5_000);
const engineArg = process.argv.find((a) => a.startsWith('--engine='))?.split('=')[1];
process.env.TEST_DATABASE_URL ??= process.env.DATABASE_URL;
const engine =
  engineArg === 'pglite' || !process.env.TEST_DATABASE_URL ? 'pglite' : ('postgres' as const);

const t = await startTestApp(engine, { RATE_LIMITS: 'off' });
try {
  const { db } = t.app.database;
  await seedBundledContent(db);
  const bank = (await db.execute<{ id: string }>(
    // The reviewer's questions, for the volume's attempts and answers.
    (
      await import('drizzle-orm')
    ).sql`select q.id from questions q join topics t on t.id = q.topic_id
      join subjects s on s.id = t.subject_id where s.reviewer_shorthand = ${REVIEWER} limit 170`,
  )) as unknown as { rows: { id: string }[] };
  await seedVolume(t.app.database, {
    students: STUDENTS,
    reviewer: REVIEWER,
    questionIds: bank.rows.map((r) => r.id),
  });
  const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { origin: t.origin, cookie: student.cookie },
      ...(payload === undefined ? {} : { payload }),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const learning = `/api/quiz/${REVIEWER}`;
  const mock = attemptStateSchema.parse(await call('POST', `${learning}/mock`));
  const item = mock.items[0]?.questionId ?? '';
  const cards = (await call('GET', `/api/study/${REVIEWER}/flash`)) as { cards: { id: string }[] };
  let lite = { attemptId: '', items: [{ questionId: '' }] };

  const requests: [string, () => Promise<unknown>][] = [
    ['GET /api/me', () => call('GET', '/api/me')],
    ['quiz home', () => call('GET', `${learning}/quiz-home`)],
    [
      'save a mock answer',
      () =>
        call('PUT', `${learning}/attempts/${mock.attemptId}/answers/${item}`, { choiceIndex: 1 }),
    ],
    ['resume the mock', () => call('GET', `${learning}/attempts/${mock.attemptId}`)],
    ['submit the mock', () => call('POST', `${learning}/attempts/${mock.attemptId}/submit`)],
    [
      'lite: start',
      async () => {
        lite = attemptStateSchema.parse(await call('POST', `${learning}/lite`, {}));
      },
    ],
    [
      'lite: answer',
      () =>
        call('PUT', `${learning}/attempts/${lite.attemptId}/answers/${lite.items[0]?.questionId}`, {
          choiceIndex: 0,
        }),
    ],
    ['lite: finish', () => call('POST', `${learning}/attempts/${lite.attemptId}/submit`)],
    [
      'flash-card rating',
      () =>
        call('POST', `/api/study/${REVIEWER}/flash/reviews`, {
          reviewId: randomUUID(),
          cardId: cards.cards[0]?.id,
          rating: 'good',
          seconds: 5,
        }),
    ],
  ];

  console.info(
    `Plans on ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} with ${STUDENTS} students of volume (3 attempts and their answers each, sessions, stats, streaks), ${REVIEWER} bank`,
  );
  const seqScans: { request: string; table?: string; statement: string }[] = [];
  for (const [name, run] of requests) {
    const explained = await explainStatements(t.app.database, await captureStatements(run));
    console.info(`\n${name}: ${explained.length} statements`);
    for (const line of describePlans(explained)) console.info(`  ${line}`);
    seqScans.push(...seqScansOf(explained, BIG_TABLES).map((s) => ({ request: name, ...s })));
  }
  console.info(
    seqScans.length === 0
      ? `\nNo sequential scan of ${BIG_TABLES.join(', ')}.`
      : `\nSequential scans of big tables:\n${seqScans.map((s) => `  ${s.request}: ${s.table} in ${s.statement}`).join('\n')}`,
  );
} finally {
  await t.close();
}

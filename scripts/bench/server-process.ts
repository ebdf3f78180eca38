// The server for the benchmarks, in its own process: a fresh database (PGlite in memory, or
// DATABASE_URL), rate limits raised out of the way, and one onboarded student. BENCH_LOG_LEVEL
// (e.g. info) turns on the production logger, writing to /dev/null, to measure what logging costs.
// BENCH_CONTENT=1 imports the bundled banks (content/bank) as `npm start` does.
import { createWriteStream, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { signIn } from '../../apps/server/src/modules/auth/service.ts';
import { findBlueprint } from '../../apps/server/src/modules/content/bank.repository.ts';
import { seedBundledContent } from '../../apps/server/src/modules/content/seed-bundled-content.ts';
import { recordReadiness } from '../../apps/server/src/modules/progress/readiness.ts';
import { loadAttemptItemRows } from '../../apps/server/src/modules/quiz/attempt-view.read-model.ts';
import { runItemAnalysis } from '../../apps/server/src/modules/quiz/item-analysis.ts';
import { touchUser } from '../../apps/server/src/modules/users/repository.ts';
import { openDatabase } from '../../apps/server/src/platform/db/client.ts';
import { quizAttempts } from '../../apps/server/src/platform/db/schema.ts';
import { localServerConfig } from '../local-server-config.ts';

const { port, url, config } = await localServerConfig();
const database = await openDatabase(
  process.env.DATABASE_URL ? config.database : { engine: 'pglite', dataDir: null },
);
const logLevel = process.env.BENCH_LOG_LEVEL;
const app = await buildApp(config, {
  database,
  logger: logLevel
    ? {
        level: logLevel,
        redact: ['req.headers.cookie', 'req.headers.authorization'],
        stream: createWriteStream('/dev/null'),
      }
    : false,
});
if (process.env.BENCH_CONTENT === '1') await seedBundledContent(database.db);
await app.listen({ port, host: '127.0.0.1' });
const { token, userId } = await signIn(database.db, {
  identity: {
    issuer: 'https://bench.test',
    subject: 'bench',
    email: 'bench@example.com',
    name: 'Bench',
  },
  deviceId: 'device-bench',
  deviceInfo: 'bench',
  ttlMs: 3_600_000,
  now: new Date(),
});
process.send?.({ url, cookie: `pasado_session=${token}`, userId });

// BENCH_CPU_PROF=dir: the exam benchmark profiles each measured phase on its own ('profile').
const inspector = new Session();

process.on('message', async (message: { type: string }) => {
  if (message.type === 'memory') {
    // Settle garbage first, so the figure is what the connections hold.
    for (let i = 0; i < 3; i += 1) globalThis.gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    process.send?.({ heapUsed, rss, connections: app.liveHub.size });
  } else if (message.type === 'item-analysis') {
    // The scheduled job as the server runs it, in this process beside the requests it serves; the
    // resident memory sampled every 50 ms while it runs (a blocked event loop samples late).
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const result = await runItemAnalysis(database.db, new Date());
    const ms = performance.now() - started;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    process.send?.({ ms, peakRss, result });
  } else if (message.type === 'touch') {
    // One transaction changing these students' documents (default: the bench student's).
    const { userIds = [userId] } = message as unknown as { userIds?: string[] };
    await database.db.transaction(async (tx) => {
      for (const id of userIds) await touchUser(tx, id);
    });
    process.send?.({ done: true });
  } else if (message.type === 'profile') {
    const { action, file } = message as unknown as { action: 'start' | 'stop'; file?: string };
    if (action === 'start') {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    } else {
      const { profile } = await inspector.post('Profiler.stop');
      inspector.disconnect();
      if (file) writeFileSync(file, JSON.stringify(profile));
    }
    process.send?.({ done: true });
  } else if (message.type === 'cpu') {
    // CPU time this process has used (µs): per request it is steadier than req/s on a busy machine.
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system });
  } else if (message.type === 'readiness-cost') {
    // Issue 23 item 7: what the student-model update costs inside a finish. For these finished
    // attempts, the update a finish makes (`recordReadiness`, as finalize calls it: the mock's
    // blueprint at hand) is run again in a transaction rolled back, this process's CPU timed
    // around the call alone; the attempt's rows are read before the clock starts.
    const { attemptIds } = message as unknown as { attemptIds: string[] };
    let micros = 0;
    let runs = 0;
    for (const id of attemptIds) {
      const [attempt] = await database.db
        .select({
          userId: quizAttempts.userId,
          reviewer: quizAttempts.reviewerShorthand,
          kind: quizAttempts.kind,
        })
        .from(quizAttempts)
        .where(eq(quizAttempts.id, id));
      if (!attempt) continue;
      const rows = await loadAttemptItemRows(database.db, id, { withKeys: false });
      const answers = rows.flatMap((r) =>
        typeof r.answer?.isCorrect === 'boolean'
          ? [{ questionId: r.questionId, correct: r.answer.isCorrect }]
          : [],
      );
      const spec =
        attempt.kind === 'mock'
          ? (await findBlueprint(database.db, attempt.reviewer))?.spec
          : undefined;
      await database.db
        .transaction(async (tx) => {
          const before = process.cpuUsage();
          await recordReadiness(tx, {
            userId: attempt.userId,
            reviewer: attempt.reviewer,
            ...(spec ? { spec } : {}),
            answers,
            fullMock: attempt.kind === 'mock',
            now: new Date(),
          });
          const spent = process.cpuUsage(before);
          micros += spent.user + spent.system;
          runs += 1;
          tx.rollback();
        })
        .catch(() => undefined);
    }
    process.send?.({ cpuMs: micros / 1000 / Math.max(1, runs), runs });
  } else if (message.type === 'fill-answers') {
    // Setup, not measured: every item of these attempts not answered yet gets an answer (a mix of
    // right and wrong), so a submission scores a full mock.
    const { attemptIds } = message as unknown as { attemptIds: string[] };
    await database.db.execute(sql`
      insert into quiz_answers (attempt_id, question_id, choice_index, is_correct, flagged, answered_at)
      select a.id, q.id, abs(hashtext(q.id)) % 4, abs(hashtext(q.id)) % 4 = q.answer_index, false, now()
      from quiz_attempts a
      cross join lateral jsonb_array_elements(a.items) item
      join questions q on q.id = item->>'questionId'
      where a.id = any(${`{${attemptIds.join(',')}}`}::uuid[])
      on conflict do nothing`);
    process.send?.({ done: true });
  }
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});

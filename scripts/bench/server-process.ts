// The server for the benchmarks, in its own process: a fresh database (PGlite in memory, or
// DATABASE_URL), rate limits raised out of the way, and one onboarded student. BENCH_LOG_LEVEL
// (e.g. info) turns on the production logger, writing to /dev/null, to measure what logging costs.
// BENCH_CONTENT=1 imports the bundled banks (content/bank) as `npm start` does.
import { createWriteStream, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { signIn } from '../../apps/server/src/modules/auth/service.ts';
import { seedBundledContent } from '../../apps/server/src/modules/content/seed-bundled-content.ts';
import { scheduleCountFolding } from '../../apps/server/src/modules/leaderboard/schedule-count-folding.ts';
import { markSubmitted } from '../../apps/server/src/modules/quiz/attempts.repository.ts';
import { loadFinishState } from '../../apps/server/src/modules/quiz/finish.read-model.ts';
import { readinessWrites } from '../../apps/server/src/modules/quiz/finish-attempt.ts';
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
// The leaderboard's count changes folded as the server folds them (ADR 039).
scheduleCountFolding(app);
await app.listen({ port, host: '127.0.0.1' });
const { token, userId } = await signIn(database.db, {
  identity: {
    issuer: 'https://bench.test',
    subject: 'bench',
    email: 'bench@example.com',
    emailVerified: true,
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
    // Issue 23 item 7: what the student-model update costs inside a finish. A quiz's finish reads
    // the model, the items' facts and histories with its items (`loadFinishState`) and writes the
    // model and histories with the attempt's mark (ADR 031, 034): the update is the model's steps
    // and the statement's CTEs (`readinessWrites`) and what they add to the mark. For these
    // finished attempts, in a transaction rolled back, the mark is made with the update and
    // without it, in alternating order, this process's CPU timed around each; the difference is
    // the update. (The read's few extra columns per item are not separated; they ride in the
    // statement the finish makes anyway.)
    const { attemptIds } = message as unknown as { attemptIds: string[] };
    let micros = 0;
    let runs = 0;
    const cpu = async (run: () => Promise<unknown>) => {
      const before = process.cpuUsage();
      await run();
      const spent = process.cpuUsage(before);
      return spent.user + spent.system;
    };
    for (const id of attemptIds) {
      const [attempt] = await database.db
        .select()
        .from(quizAttempts)
        .where(eq(quizAttempts.id, id));
      if (!attempt) continue;
      await database.db
        .transaction(async (tx) => {
          const now = new Date();
          const state = await loadFinishState(tx, attempt, now, { withActivity: false });
          if (!state) return;
          const outcome = {
            submittedAt: now,
            settledAt: now,
            result: attempt.result ?? {},
            gemsEarned: attempt.gemsEarned,
          };
          const withIt = () =>
            cpu(() =>
              markSubmitted(tx, id, outcome, [
                readinessWrites(attempt, state, attempt.kind === 'mock' ? 'mock' : 'lite', now),
              ]),
            );
          const without = () => cpu(() => markSubmitted(tx, id, outcome));
          if (runs % 2 === 0) micros += (await withIt()) - (await without());
          else micros -= (await without()) - (await withIt());
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

// Issue 25 item 2: background work never stalls the app. Seeds a fresh PostgreSQL database with
// BENCH_JOBS_ROWS answer rows (default 1,000,110: 5,883 submitted 170-item mocks; 10000000 for the
// 10 M run), starts the product's server in its own process, measures GET /api/me alone, then runs
// the item-analysis job in that process while loading GET /api/me again, and prints the job's time,
// the process's peak and idle memory, and /api/me's p99 before and during. Prints figures; judges
// nothing. PostgreSQL from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/platform/db/client.ts';

const ITEMS = 170;
const ROWS = Number(process.env.BENCH_JOBS_ROWS ?? 1_000_110);
const ATTEMPTS = Math.ceil(ROWS / ITEMS);
const QUESTIONS = Number(process.env.BENCH_JOBS_QUESTIONS ?? 2_000);
const STUDENTS = 1_000;
const CONNECTIONS = 50;
const BEFORE_S = Number(process.env.BENCH_SECONDS ?? 10);
/** Attempts seeded per statement: a 10 M run shows its progress and keeps each transaction small. */
const SEED_BATCH = 5_000;

const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const name = `pasado_bench_jobs_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${name}`;
const url = dbUrl.toString();

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const since = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

/** The schema (migrations), then the history: questions, students, submitted mocks, their answers. */
async function seed(): Promise<number> {
  const migrated = await openDatabase({ engine: 'postgres', url, poolSize: 1 });
  await migrated.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  await client.query(`
    insert into subjects (id, reviewer_shorthand, name) values ('bench-jobs', 'cse-pro', 'Bench jobs');
    insert into topics (id, subject_id, name) values ('bench-jobs', 'bench-jobs', 'Bench jobs');`);
  await client.query(
    `insert into questions (id, topic_id, stem, choices, answer_index, rationale)
     select 'bj-' || g, 'bench-jobs', 'Bench item ' || g, '["A","B","C","D"]'::jsonb, g % 4, 'Bench.'
     from generate_series(0, $1 - 1) g`,
    [QUESTIONS],
  );
  await client.query(
    `insert into users (email, display_name) select 'jobs' || g || '@bench.test', 'Jobs ' || g
     from generate_series(1, $1) g`,
    [STUDENTS],
  );
  for (let from = 0; from < ATTEMPTS; from += SEED_BATCH) {
    const count = Math.min(SEED_BATCH, ATTEMPTS - from);
    // 170 consecutive questions from a random start; each attempt has an ability, the share of
    // items it gets right (the rest a choice at random), and leaves 3 % blank (a row, no choice).
    await client.query(
      `with students as (select array_agg(id) as ids from users),
       attempts as (
         insert into quiz_attempts (user_id, reviewer_shorthand, kind, status, items, started_at, submitted_at)
         select s.ids[1 + g % array_length(s.ids, 1)], 'cse-pro', 'mock', 'submitted',
                (select jsonb_agg(jsonb_build_object('questionId', 'bj-' || ((start + k) % $3::int), 'partId', null) order by k)
                 from generate_series(0, $4::int - 1) k),
                now() - interval '3 hours' - g * interval '1 minute', now() - g * interval '1 minute'
         from students s, generate_series($1::int, $1::int + $2::int - 1) g,
              lateral (select floor(random() * $3::int)::int + g * 0 as start) r
         returning id, items
       )
       insert into quiz_answers (attempt_id, question_id, choice_index, is_correct, answered_at)
       select a.id, q.id, c.choice, c.choice = q.answer_index, now()
       from attempts a
       cross join lateral (select 0.2 + 0.75 * (abs(hashtext(a.id::text)) % 1000) / 1000.0 as ability) ab
       cross join lateral jsonb_array_elements(a.items) item
       join questions q on q.id = item->>'questionId'
       cross join lateral (
         select case when r < 0.03 then null
                     when r < 0.03 + 0.97 * ab.ability then q.answer_index
                     else floor(random() * 4)::int end as choice
         from (select random() + length(q.id) * 0 as r) x
       ) c`,
      [from, count, QUESTIONS, ITEMS],
    );
    if (ATTEMPTS > SEED_BATCH) {
      process.stdout.write(`\rseeded ${Math.min(from + count, ATTEMPTS)} of ${ATTEMPTS} mocks`);
    }
  }
  if (ATTEMPTS > SEED_BATCH) process.stdout.write('\n');
  await client.query('vacuum analyze quiz_attempts');
  await client.query('vacuum analyze quiz_answers');
  await client.query('vacuum analyze questions');
  const { rows } = await client.query<{ n: string }>('select count(*) as n from quiz_answers');
  await client.end();
  const answerRows = Number(rows[0]?.n ?? 0);
  console.info(
    `seeded ${answerRows.toLocaleString('en')} answer rows (${ATTEMPTS.toLocaleString('en')} submitted ${ITEMS}-item mocks, ${QUESTIONS} questions) in ${since(started)} s`,
  );
  return answerRows;
}

interface Ready {
  url: string;
  cookie: string;
}

function startServer() {
  const child = fork(fileURLToPath(new URL('./server-process.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const ask = <T>(message: object) =>
    new Promise<T>((resolve) => {
      child.once('message', (m) => resolve(m as T));
      child.send(message);
    });
  return { child, ready, ask };
}

/** GET /api/me at 50 connections until `until` resolves (or for `seconds`). */
function loadMe(
  server: Ready,
  options: { seconds: number } | { until: Promise<unknown> },
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${server.url}/api/me`,
        connections: CONNECTIONS,
        duration: 'seconds' in options ? options.seconds : 3_600,
        headers: { cookie: server.cookie },
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    if ('until' in options) void options.until.finally(() => instance.stop());
  });
}

const describe = (r: autocannon.Result) =>
  `${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`;

let server: ReturnType<typeof startServer> | null = null;
try {
  const rows = await seed();
  server = startServer();
  const ready = await server.ready;
  // Warm-up (JIT, pool, caches), not measured.
  await loadMe(ready, { seconds: 2 });
  const idle = await server.ask<{ rss: number; heapUsed: number }>({ type: 'memory' });
  const before = await loadMe(ready, { seconds: BEFORE_S });
  console.info(`GET /api/me before the job: ${describe(before)}`);

  const job = server.ask<{ ms: number; peakRss: number; result: object }>({
    type: 'item-analysis',
  });
  const during = await loadMe(ready, { until: job });
  const { ms, peakRss, result } = await job;
  console.info(`item analysis: ${(ms / 1000).toFixed(1)} s, ${JSON.stringify(result)}`);
  console.info(`GET /api/me during the job: ${describe(during)}`);

  await new Promise((r) => setTimeout(r, 5_000));
  const after = await server.ask<{ rss: number; heapUsed: number }>({ type: 'memory' });
  console.info(
    `server memory: idle ${mb(idle.rss)} MB (heap ${mb(idle.heapUsed)}), peak during the job ${mb(peakRss)} MB, 5 s after ${mb(after.rss)} MB (heap ${mb(after.heapUsed)})`,
  );
  console.info(
    `jobs rows ${rows} seconds ${(ms / 1000).toFixed(1)} peak-mb ${mb(peakRss)} me-p99-during ${during.latency.p99} me-p99-before ${before.latency.p99}`,
  );
} finally {
  if (server) {
    const { child } = server;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  // BENCH_JOBS_KEEP=1 keeps the seeded database to look at plans (printed; drop it by hand).
  if (process.env.BENCH_JOBS_KEEP === '1') console.info(`kept database ${url}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

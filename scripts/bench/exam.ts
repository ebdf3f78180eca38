// Issue 10 (exam night): N students (default 50) signed in through the real sign-in (the
// development OIDC provider's pages, over HTTP), onboarded, each with a full mock open. Measures,
// at one connection per student: saving a mock answer, resuming the mock, submitting it, a lite quiz
// (start, answers, finish) and a flash-card rating, each beside `GET /api/me` of the same run (the
// machine is shared: the share is the steadier figure); and beside the save, the lite finish and the
// mock submit, their server CPU with and without the student-model update (issue 23 item 7).
// Prints figures; judges nothing.
//
//   npm run bench:exam                         PostgreSQL when DATABASE_URL or TEST_DATABASE_URL
//                                              is set (a fresh database, dropped after), else PGlite
//   npm run bench:exam -- --engine=pglite      or postgres, or both
//   npm run bench:exam -- --log-cost           GET /api/me and a save with the production log level
//                                              (info) against logging off, alternated twice
//
// Env: BENCH_STUDENTS (50), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2), BENCH_REVIEWER (cse-pro:
// the 170-item mock; let-elem: 300 items; let-sec: 450; a comma list; `all`: every offered track,
// a track with majors onboarding its students across its majors), BENCH_LOG_LEVEL (the server's log
// level; off by default).
//
// Two floors are measured in the same run, each in its own process as the server is (issue 25,
// floor-process.ts): a bare Fastify hello-world, and on PostgreSQL a bare Fastify route that locks
// one row and upserts one answer in a transaction through `pg`.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { signInStudent } from './sign-in.ts';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 50);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/** The track being measured (one run per track of BENCH_REVIEWER). */
let REVIEWER = 'cse-pro';
const REVIEWERS_ASKED = process.env.BENCH_REVIEWER ?? 'cse-pro';
const LITE_ITEMS = 10;

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [key = '', value = 'true'] = a.replace(/^--/, '').split('=');
    return [key, value] as const;
  }),
);
/** --only=me,save,resume,flash,lite,submit runs a subset (GET /api/me always runs first). */
const only = args.get('only')?.split(',') ?? null;
const wanted = (phase: string) => only === null || only.includes(phase);
const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;
const engineArg = args.get('engine') ?? (adminUrl ? 'postgres' : 'pglite');
if (!['pglite', 'postgres', 'both'].includes(engineArg)) {
  throw new Error(`--engine must be pglite, postgres or both, not ${engineArg}`);
}
if (engineArg !== 'pglite' && !adminUrl) {
  throw new Error('PostgreSQL needs DATABASE_URL or TEST_DATABASE_URL');
}

type Engine = 'pglite' | 'postgres';
type Student = { cookie: string; attemptId: string; items: string[]; cards: string[] };
type Server = { url: string; origin: string; ask(message: object): Promise<unknown>; stop(): void };

/** The run's PostgreSQL database, whose server processes' CPU time is read from /proc. */
let benchDatabase: string | null = null;

/**
 * CPU time (ms) of the PostgreSQL processes serving the run's database, by pid; empty when they
 * cannot be read (PostgreSQL on another machine). Other users of the same server are not counted.
 */
async function databaseCpuMs(): Promise<Map<number, number>> {
  const ticks = new Map<number, number>();
  if (!benchDatabase || !adminUrl) return ticks;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [benchDatabase],
    );
    for (const { pid } of rows) {
      try {
        // /proc/<pid>/stat: utime and stime are fields 14 and 15, in clock ticks (1/100 s).
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        ticks.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
      } catch {
        // Not on this machine, or gone.
      }
    }
  } finally {
    await client.end();
  }
  return ticks;
}

function cpuSpent(before: Map<number, number>, after: Map<number, number>): number | undefined {
  if (after.size === 0) return undefined;
  let ms = 0;
  for (const [pid, value] of after) ms += value - (before.get(pid) ?? 0);
  return ms;
}

/**
 * The planner statistics a running database has: autovacuum analyzes tables as they grow, but a
 * fresh bench database measured right after its setup has none, and plans made without them scan
 * whole tables (ADR 036: the lite start's holds read seq-scanned the questions).
 */
async function analyzeBenchDatabase(): Promise<void> {
  if (!benchDatabase || !adminUrl) return;
  const url = new URL(adminUrl);
  url.pathname = `/${benchDatabase}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database for one run, created from the admin URL and dropped after it. */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pasado_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl ?? '' });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  benchDatabase = name;
  const url = new URL(adminUrl ?? '');
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The product's server in its own process with the bundled banks, as `npm start` has them. */
function startServer(databaseUrl: string | null, logLevel?: string): Promise<Server> {
  return startProcess('./server-process.ts', databaseUrl, logLevel);
}

/** The floors' server (floor-process.ts), in its own process like the product's. */
function startFloors(databaseUrl: string | null): Promise<Server> {
  return startProcess('./floor-process.ts', databaseUrl);
}

async function startProcess(
  file: string,
  databaseUrl: string | null,
  logLevel?: string,
): Promise<Server> {
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_CONTENT: '1' };
  delete env.DATABASE_URL;
  delete env.BENCH_LOG_LEVEL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (logLevel) env.BENCH_LOG_LEVEL = logLevel;
  const child: ChildProcess = fork(fileURLToPath(new URL(file, import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env,
  });
  const ready = await new Promise<{ url: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url: ready.url,
    origin: new URL(ready.url).origin,
    ask: (message) =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send(message);
      }),
    stop: () => child.kill('SIGTERM'),
  };
}

/**
 * Takes every student's mock in sittings to its last part (finish, then start the next); returns
 * that part's number, or null for a mock on one clock.
 */
async function toLastSitting(
  server: Server,
  learning: string,
  students: Student[],
): Promise<number | null> {
  let last: number | null = null;
  for (const student of students) {
    const base = `${learning}/attempts/${student.attemptId}`;
    const state = await api<{ sittings: { number: number }[] | null }>(
      server,
      student.cookie,
      'GET',
      base,
    );
    const count = state.sittings?.length ?? 0;
    if (count < 2) return null;
    for (let n = 1; n < count; n += 1) {
      await api(server, student.cookie, 'POST', `${base}/sittings/${n}/finish`);
      await api(server, student.cookie, 'POST', `${base}/sittings/${n + 1}/start`);
    }
    last = count;
  }
  return last;
}

async function api<T>(
  server: Server,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      cookie,
      origin: server.origin,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The tracks offered now, with their majors (GET /api/reviewers, as onboarding lists them). */
async function offeredTracks(
  server: Server,
  cookie: string,
): Promise<{ shorthand: string; majors: string[] }[]> {
  const response = await fetch(`${server.url}/api/reviewers`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/reviewers: ${response.status}`);
  const body = (await response.json()) as {
    reviewers: { shorthand: string; offered: boolean; majors: { subjectId: string }[] }[];
  };
  return body.reviewers
    .filter((r) => r.offered)
    .map((r) => ({ shorthand: r.shorthand, majors: r.majors.map((m) => m.subjectId) }));
}

/** The majors of the track being measured (empty for a track without): students spread over them. */
let majors: string[] = [];

/** Signs in, onboards and opens a mock for each student, a few at a time. */
async function prepareStudents(server: Server): Promise<Student[]> {
  const run = randomBytes(3).toString('hex');
  const students: Student[] = [];
  for (let from = 0; from < STUDENTS; from += 10) {
    const batch = Array.from({ length: Math.min(10, STUDENTS - from) }, async (_, k) => {
      const n = from + k;
      const cookie = await signInStudent(
        server.url,
        `student${n}.${run}@bench.test`,
        `bench-${run}-${String(n).padStart(4, '0')}`,
      );
      await api(server, cookie, 'POST', '/api/functions/applyRevAccess', {
        data: {
          knowFrom: 'Other',
          reviewer: REVIEWER,
          // A track with majors refuses onboarding without one ("Choose your major.").
          ...(majors.length > 0 ? { major: majors[n % majors.length] } : {}),
        },
      });
      const mock = await api<{ attemptId: string; items: { questionId: string }[] }>(
        server,
        cookie,
        'POST',
        `/api/quiz/${REVIEWER}/mock`,
      );
      const queue = await api<{ cards: { id: string }[] }>(
        server,
        cookie,
        'GET',
        `/api/study/${REVIEWER}/flash`,
      );
      return {
        cookie,
        attemptId: mock.attemptId,
        items: mock.items.map((i) => i.questionId),
        cards: queue.cards.map((c) => c.id),
      };
    });
    students.push(...(await Promise.all(batch)));
  }
  return students;
}

/** One request; `as` signs it as another student than the connection's. */
type Shot = { method: 'GET' | 'POST' | 'PUT'; path: string; body?: unknown; as?: Student };
type Figures = {
  rate: number;
  p50: number;
  p99: number;
  failed: number;
  /** The server process's CPU time per request, in ms (the database's not included). */
  cpuMs?: number;
  /** PostgreSQL's CPU time per request for the run's database, in ms (10 ms resolution overall). */
  dbCpuMs?: number;
};

let reference: number | null = null;

function print(title: string, f: Figures, note = '') {
  const share = reference
    ? `${((100 * f.rate) / reference).toFixed(0).padStart(4)}% of /api/me`
    : '';
  console.info(
    `${title.padEnd(40)} ${f.rate.toFixed(0).padStart(6)} req/s   p50 ${f.p50.toFixed(0).padStart(4)} ms   p99 ${f.p99.toFixed(0).padStart(4)} ms ${share}${f.cpuMs === undefined ? '' : `   CPU/req: server ${f.cpuMs.toFixed(2)} ms`}${f.dbCpuMs === undefined ? '' : `, PostgreSQL ${f.dbCpuMs.toFixed(2)} ms`}${f.failed ? `   (${f.failed} failed)` : ''}${note}`,
  );
}

function headersFor(server: Server, student: Student, body: boolean) {
  return {
    cookie: student.cookie,
    origin: server.origin,
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
}

/**
 * One connection per student: `next(student, n)` gives the connection's n-th request. Warm-up
 * (unmeasured) first, unless `amount` asks for a fixed number of requests.
 */
async function load(
  server: Server,
  students: Student[],
  next: (student: Student, n: number) => Shot,
  options: { amount?: number; warmup?: boolean; connections?: number; name?: string } = {},
): Promise<Figures> {
  // Of a run with a fixed `amount`: autocannon ends it on its next one-second tick, so its
  // duration is whole seconds (2,000 finishes in 6.1 s came out as 2,000 / 7 s); the rate is
  // timed to the last answer instead.
  let startedAt = 0;
  let lastAnswerAt = 0;
  const once = async (duration: number, amount?: number) => {
    let connection = 0;
    startedAt = performance.now();
    lastAnswerAt = startedAt;
    return autocannon({
      url: server.url,
      connections: options.connections ?? students.length,
      ...(amount ? { amount } : { duration }),
      setupClient: (client) => {
        const student = students[connection++ % students.length] as Student;
        let n = 0;
        client.on('response', () => {
          lastAnswerAt = performance.now();
        });
        client.setRequests([
          {
            setupRequest: (request) => {
              const shot = next(student, n++);
              return {
                ...request,
                method: shot.method,
                path: shot.path,
                headers: headersFor(server, shot.as ?? student, shot.body !== undefined),
                body: shot.body === undefined ? undefined : JSON.stringify(shot.body),
              };
            },
          },
        ]);
      },
    });
  };
  if (options.warmup !== false && !options.amount && WARMUP_S > 0) await once(WARMUP_S);
  const cpuBefore = await cpuMicros(server);
  const dbBefore = await databaseCpuMs();
  await profile(server, 'start');
  const result = await once(DURATION_S, options.amount);
  await profile(server, 'stop', options.name);
  const cpuAfter = await cpuMicros(server);
  const dbSpent = cpuSpent(dbBefore, await databaseCpuMs());
  return {
    dbCpuMs: dbSpent === undefined ? undefined : dbSpent / Math.max(1, result.requests.total),
    rate: options.amount
      ? result.requests.total / Math.max(0.001, (lastAnswerAt - startedAt) / 1000)
      : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
    cpuMs: (cpuAfter - cpuBefore) / 1000 / Math.max(1, result.requests.total),
  };
}

/** BENCH_CPU_PROF=dir: the server's CPU profile of each measured phase, as dir/<phase>.cpuprofile. */
async function profile(server: Server, action: 'start' | 'stop', name = 'phase') {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return;
  await server.ask({ type: 'profile', action, file: `${dir}/${name}.cpuprofile` });
}

async function cpuMicros(server: Server): Promise<number> {
  const { cpuMicros } = (await server.ask({ type: 'cpu' })) as { cpuMicros: number };
  return cpuMicros;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)
    : 0;

/** The lite sets the finish phase submitted (for the model update's cost). */
let finishedLiteSets: string[] = [];

/** Finishes the model update is measured on (issue 23 item 7). */
const READINESS_SAMPLE = Number(process.env.BENCH_READINESS_SAMPLE ?? 100);

/**
 * Issue 23 item 7: a finish's server CPU with the student-model update (as measured) and without
 * it (less the update's own CPU, timed on `attemptIds` by the server process), beside each other.
 */
async function printModelUpdate(
  server: Server,
  title: string,
  measured: Figures,
  attemptIds: string[],
) {
  const { cpuMs, runs } = (await server.ask({
    type: 'readiness-cost',
    attemptIds: attemptIds.slice(0, READINESS_SAMPLE),
  })) as { cpuMs: number; runs: number };
  const withIt = measured.cpuMs ?? 0;
  const without = withIt - cpuMs;
  console.info(
    `${`  ${title}: model update`.padEnd(40)} with ${withIt.toFixed(2)} ms   without ${without.toFixed(2)} ms CPU/req   the update ${cpuMs.toFixed(2)} ms = +${((100 * cpuMs) / Math.max(1e-9, without)).toFixed(1)} %   (timed on ${runs} finishes)`,
  );
}

/** Lite sets each student finishes in the finish phase (started and answered in its setup). */
const LITE_SETS_PER_STUDENT = Number(process.env.BENCH_LITE_SETS ?? 40);
/**
 * Lite sets each student finishes first, unmeasured: the other phases run two seconds before they
 * are timed, and a finish measured cold counted the compiler's warm-up and each connection's first
 * plans in the finish's CPU.
 */
const LITE_WARM_SETS = Number(process.env.BENCH_LITE_WARM_SETS ?? 10);

/**
 * Lite finishes on their own: every student starts LITE_WARM_SETS + LITE_SETS_PER_STUDENT sets
 * and every item is answered (setup, not measured); the warm sets are submitted first, then the
 * others are measured, each connection submitting its student's sets in turn.
 */
async function finishLiteSets(server: Server, students: Student[], learning: string) {
  const sets = new Map<Student, string[]>();
  for (const student of students) sets.set(student, []);
  for (let round = 0; round < LITE_WARM_SETS + LITE_SETS_PER_STUDENT; round += 1) {
    await Promise.all(
      students.map(async (student) => {
        const set = await api<{ attemptId: string }>(
          server,
          student.cookie,
          'POST',
          `${learning}/lite`,
          {},
        );
        sets.get(student)?.push(set.attemptId);
      }),
    );
  }
  await server.ask({ type: 'fill-answers', attemptIds: [...sets.values()].flat() });
  finishedLiteSets = [...sets.values()].flatMap((ids) => ids.slice(LITE_WARM_SETS));
  await analyzeBenchDatabase();
  const submit = (first: number, count: number) => (student: Student, n: number) => ({
    method: 'POST' as const,
    path: `${learning}/attempts/${sets.get(student)?.[first + (n % count)]}/submit`,
  });
  if (LITE_WARM_SETS > 0) {
    await load(server, students, submit(0, LITE_WARM_SETS), {
      amount: LITE_WARM_SETS * students.length,
    });
  }
  return load(server, students, submit(LITE_WARM_SETS, LITE_SETS_PER_STUDENT), {
    amount: LITE_SETS_PER_STUDENT * students.length,
    name: 'lite-finish',
  });
}

/**
 * The lite quiz as students take it, one connection each: start a quiz, answer its 10 items,
 * finish it, again. Each kind of request is timed apart (autocannon times the mix).
 */
async function liteQuizzes(server: Server, students: Student[]) {
  const kinds = ['start', 'answer', 'finish'] as const;
  type Kind = (typeof kinds)[number];
  const once = async (duration: number) => {
    const times: Record<Kind, number[]> = { start: [], answer: [], finish: [] };
    let failed = 0;
    let connection = 0;
    const result = await autocannon({
      url: server.url,
      connections: students.length,
      duration,
      setupClient: (client) => {
        const student = students[connection++ % students.length] as Student;
        let step = 0;
        let attempt: { attemptId: string; items: string[] } | null = null;
        let sent: Kind = 'start';
        client.on('response', (status: number, _bytes: number, ms: number) => {
          if (status >= 200 && status < 300) times[sent].push(ms);
          else failed += 1;
        });
        client.setRequests([
          {
            setupRequest: (request) => {
              const base = `/api/quiz/${REVIEWER}`;
              let shot: Shot;
              if (step === 0 || !attempt) {
                sent = 'start';
                shot = { method: 'POST', path: `${base}/lite`, body: {} };
              } else if (step <= LITE_ITEMS) {
                sent = 'answer';
                shot = {
                  method: 'PUT',
                  path: `${base}/attempts/${attempt.attemptId}/answers/${attempt.items[step - 1]}`,
                  body: { choiceIndex: step % 4 },
                };
              } else {
                sent = 'finish';
                shot = { method: 'POST', path: `${base}/attempts/${attempt.attemptId}/submit` };
              }
              return {
                ...request,
                method: shot.method,
                path: shot.path,
                headers: headersFor(server, student, shot.body !== undefined),
                body: shot.body === undefined ? undefined : JSON.stringify(shot.body),
              };
            },
            onResponse: (status, body) => {
              if (sent === 'start') {
                if (status === 201) {
                  const state = JSON.parse(body) as {
                    attemptId: string;
                    items: { questionId: string }[];
                  };
                  attempt = {
                    attemptId: state.attemptId,
                    items: state.items.map((i) => i.questionId),
                  };
                  step = 1;
                }
              } else if (sent === 'answer') {
                step = Math.min(step + 1, (attempt?.items.length ?? 0) + 1);
              } else {
                step = 0;
              }
            },
          },
        ]);
      },
    });
    return { times, failed, seconds: result.duration, total: result.requests.total };
  };
  if (WARMUP_S > 0) await once(WARMUP_S);
  const cpuBefore = await cpuMicros(server);
  const dbBefore = await databaseCpuMs();
  const { times, failed, seconds, total } = await once(DURATION_S);
  const cpuMs = (await cpuMicros(server)) - cpuBefore;
  const dbSpent = cpuSpent(dbBefore, await databaseCpuMs());
  const figures = (kind: Kind): Figures => {
    const sorted = times[kind].sort((a, b) => a - b);
    return {
      rate: sorted.length / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      failed: 0,
    };
  };
  print(`lite quiz, whole mix`, {
    ...figures('answer'),
    rate: total / seconds,
    failed,
    cpuMs: cpuMs / 1000 / Math.max(1, total),
    dbCpuMs: dbSpent === undefined ? undefined : dbSpent / Math.max(1, total),
  });
  print('  lite: start (POST …/lite)', figures('start'));
  print('  lite: answer (PUT …/answers/:q)', figures('answer'));
  print('  lite: finish (POST …/submit)', figures('finish'));
}

async function examNight(engine: Engine) {
  const database = engine === 'postgres' ? await freshPostgres() : null;
  const server = await startServer(database?.url ?? null, process.env.BENCH_LOG_LEVEL);
  const floors = await startFloors(database?.url ?? null);
  try {
    const scout = await signInStudent(
      server.url,
      `scout.${randomBytes(3).toString('hex')}@bench.test`,
      'bench-scout',
    );
    const offered = await offeredTracks(server, scout);
    const asked =
      REVIEWERS_ASKED === 'all' ? offered.map((t) => t.shorthand) : REVIEWERS_ASKED.split(',');
    for (const track of asked) {
      const offer = offered.find((t) => t.shorthand === track);
      if (!offer)
        throw new Error(
          `${track} is not offered (offered: ${offered.map((t) => t.shorthand).join(', ')})`,
        );
      REVIEWER = track;
      majors = offer.majors;
      await examNightOf(engine, server, floors);
    }
  } finally {
    server.stop();
    floors.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database?.drop();
    benchDatabase = null;
  }
}

/** Every phase on one track, its students new. */
async function examNightOf(engine: Engine, server: Server, floors: Server) {
  {
    const students = await prepareStudents(server);
    await analyzeBenchDatabase();
    const size = students[0]?.items.length ?? 0;
    console.info(
      `\n${engine === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}: ${students.length} students signed in through the development OIDC provider, ${students.length} connections, ${REVIEWER} mock of ${size} items${majors.length > 0 ? ` (students spread over its ${majors.length} majors)` : ''}, ${DURATION_S} s each after ${WARMUP_S} s warm-up, log ${process.env.BENCH_LOG_LEVEL ?? 'off'}`,
    );
    reference = null;
    const me = await load(server, students, () => ({ method: 'GET', path: '/api/me' }), {
      name: 'me',
    });
    print('GET /api/me (reference)', me);
    reference = me.rate;
    print(
      'floor: Fastify hello-world',
      await load(floors, students, () => ({ method: 'GET', path: '/hello' }), { name: 'hello' }),
    );
    if (engine === 'postgres') {
      print(
        'floor: locked upsert through pg',
        await load(
          floors,
          students,
          (_s, n) => ({
            method: 'PUT',
            path: `/upsert/${students.indexOf(_s)}/${n}`,
            body: {},
          }),
          { name: 'upsert' },
        ),
      );
      print(
        "floor: a lite finish's writes through pg",
        await load(
          floors,
          students,
          (s, n) => ({ method: 'POST', path: `/finish/${students.indexOf(s)}/${n}`, body: {} }),
          { name: 'finish-floor' },
        ),
      );
    }

    const learning = `/api/quiz/${REVIEWER}`;
    if (wanted('save')) {
      const save = await load(
        server,
        students,
        (s, n) => ({
          method: 'PUT',
          path: `${learning}/attempts/${s.attemptId}/answers/${s.items[n % s.items.length]}`,
          body: n % 7 === 6 ? { flagged: n % 2 === 0 } : { choiceIndex: (n * 7) % 4 },
        }),
        { name: 'save' },
      );
      print('save a mock answer (PUT …/answers/:q)', save);
      // Issue 23 item 7: a save is one statement (ADR 021); the model learns at the finish.
      console.info(
        `${'  save: model update'.padEnd(40)} with ${(save.cpuMs ?? 0).toFixed(2)} ms   without ${(save.cpuMs ?? 0).toFixed(2)} ms CPU/req   (a save runs no update: the model learns when the attempt is finished)`,
      );
    }
    if (wanted('resume')) {
      print(
        `resume the mock (GET …/attempts/:id)`,
        await load(
          server,
          students,
          (s) => ({ method: 'GET', path: `${learning}/attempts/${s.attemptId}` }),
          { name: 'resume' },
        ),
      );
    }
    if (wanted('flash')) {
      print(
        'flash-card rating (POST …/flash/reviews)',
        await load(
          server,
          students,
          (s, n) => ({
            method: 'POST',
            path: `/api/study/${REVIEWER}/flash/reviews`,
            body: {
              reviewId: randomUUID(),
              cardId: s.cards[n % Math.max(1, s.cards.length)],
              rating: (['again', 'hard', 'good', 'easy'] as const)[n % 4],
              seconds: 6,
            },
          }),
          { name: 'flash' },
        ),
      );
    }
    if (wanted('lite')) {
      // Issue 25: each request of the daily path measured on its own (in the mix below a start
      // is one request in twelve, so its rate there says nothing of what the server can do).
      print(
        'lite: start a set (POST …/lite)',
        await load(
          server,
          students,
          () => ({ method: 'POST', path: `${learning}/lite`, body: {} }),
          { name: 'lite-start' },
        ),
      );
      const finish = await finishLiteSets(server, students, learning);
      print(
        'lite: finish a set (POST …/submit)',
        finish,
        `   (${LITE_SETS_PER_STUDENT * students.length} sets of ${LITE_ITEMS} after ${LITE_WARM_SETS * students.length} unmeasured, answered in the setup)`,
      );
      await printModelUpdate(server, 'lite finish', finish, finishedLiteSets);
      await liteQuizzes(server, students);
    }

    if (wanted('submit')) {
      // Every item answered first (setup, not measured). Then the students submit one after
      // another (the latency one submission has), then all at once with fresh mocks (the deadline).
      await server.ask({ type: 'fill-answers', attemptIds: students.map((s) => s.attemptId) });
      await analyzeBenchDatabase();
      // A mock in sittings (LET) ends with "Finish Part n" of its last part: the earlier parts are
      // finished and the last started in the setup, so the measured request rates the whole mock.
      const lastSitting = await toLastSitting(server, learning, students);
      /** Every student's next mock, started and answered in full (setup, not measured). */
      const freshMocks = async () => {
        for (const student of students) {
          const mock = await api<{ attemptId: string }>(
            server,
            student.cookie,
            'POST',
            `${learning}/mock`,
          );
          student.attemptId = mock.attemptId;
        }
        await server.ask({ type: 'fill-answers', attemptIds: students.map((s) => s.attemptId) });
        await analyzeBenchDatabase();
        await toLastSitting(server, learning, students);
      };
      const submit = (s: Student): Shot => ({
        method: 'POST',
        path:
          lastSitting === null
            ? `${learning}/attempts/${s.attemptId}/submit`
            : `${learning}/attempts/${s.attemptId}/sittings/${lastSitting}/finish`,
        as: s,
      });
      // A submit's code is cold until some have run (V8 compiles what runs often), and a server on
      // exam night has run thousands: one submit per student first, not measured, as the other
      // phases' warm-up.
      await load(server, students, submit, { amount: students.length, name: 'submit-warm-up' });
      await freshMocks();
      const submitted = students.map((s) => s.attemptId);
      const submitOne = await load(server, students, (_s, n) => submit(students[n] as Student), {
        amount: students.length,
        connections: 1,
        name: 'submit-one',
      });
      print(
        'submit the full mock, one at a time',
        submitOne,
        `   (${students.length} submissions)`,
      );
      await printModelUpdate(server, 'mock submit', submitOne, submitted);
      await freshMocks();
      print(
        'submit the full mock, all at once',
        await load(server, students, submit, { amount: students.length, name: 'submit-all' }),
        `   (${students.length} submissions at once)`,
      );
    }
    const again = await load(server, students, () => ({ method: 'GET', path: '/api/me' }));
    print('GET /api/me (again, at the end)', again);
  }
}

/** Issue 10 item 6: what the production log level costs on a hot read and an answer save. */
async function logCost(engine: Engine) {
  const database = engine === 'postgres' ? await freshPostgres() : null;
  const quiet = await startServer(database?.url ?? null);
  const logged = await startServer(database?.url ?? null, 'info');
  try {
    const cohorts = new Map([
      [quiet, await prepareStudents(quiet)],
      [logged, await prepareStudents(logged)],
    ]);
    console.info(
      `\nLogging cost on ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${STUDENTS} connections, ${DURATION_S} s each after ${WARMUP_S} s warm-up, log off vs info (to /dev/null), alternated twice`,
    );
    const sums = new Map<string, number[]>();
    for (let round = 0; round < 2; round += 1) {
      for (const [label, server] of [
        ['off', quiet],
        ['info', logged],
      ] as const) {
        const students = cohorts.get(server) ?? [];
        reference = null;
        const me = await load(server, students, () => ({ method: 'GET', path: '/api/me' }));
        print(`GET /api/me, log ${label}`, me);
        const save = await load(server, students, (s, n) => ({
          method: 'PUT',
          path: `/api/quiz/${REVIEWER}/attempts/${s.attemptId}/answers/${s.items[n % s.items.length]}`,
          body: { choiceIndex: n % 4 },
        }));
        print(`save a mock answer, log ${label}`, save);
        sums.set(`me ${label}`, [...(sums.get(`me ${label}`) ?? []), me.rate]);
        sums.set(`save ${label}`, [...(sums.get(`save ${label}`) ?? []), save.rate]);
      }
    }
    const mean = (key: string) => {
      const values = sums.get(key) ?? [];
      return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    };
    for (const what of ['me', 'save']) {
      const off = mean(`${what} off`);
      const on = mean(`${what} info`);
      console.info(
        `${what === 'me' ? 'GET /api/me' : 'save a mock answer'}: log off ${off.toFixed(0)} req/s, info ${on.toFixed(0)} req/s → logging costs ${((100 * (off - on)) / off).toFixed(1)} %`,
      );
    }
  } finally {
    quiet.stop();
    logged.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database?.drop();
  }
}

const engines: Engine[] = engineArg === 'both' ? ['postgres', 'pglite'] : [engineArg as Engine];
for (const engine of engines) {
  if (args.has('log-cost')) await logCost(engine);
  else await examNight(engine);
}
console.info(
  '\nGoals (issue 10, PostgreSQL): save ≥ 2,000/s with p99 ≤ 50 ms (≥ 25 % of /api/me); resume a 170-item mock ≥ 1,000/s with p99 ≤ 100 ms; submit p50 ≤ 50 ms. PGlite: hot reads ≥ 1,000/s with p99 ≤ 50 ms, saves ≥ 300/s.\nGoals (issue 25, PostgreSQL): lite start, lite finish and a flash rating each ≥ 25 % of /api/me with p99 ≤ 100 ms; submitting a 170-item mock ≤ 10 ms of server CPU (450 items ≤ 25 ms).',
);

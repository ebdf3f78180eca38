// docs/product.md#quality-bars quality bars for the live stream: one process holds 10,000 SSE clients at ≤ 25 KB
// each, and delivers a change to 1,000 of them within 250 ms. A student may hold 5 streams
// (MAX_STREAMS_PER_STUDENT), so the clients are 5 streams each of 2,000 students signed in through
// the real sign-in (the development OIDC provider's pages, over HTTP), each watching their own
// `users/{uid}`. The change: one transaction changing 200 students' documents, whose 1,000 streams
// all receive it. Prints figures; judges nothing.
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { MAX_STREAMS_PER_STUDENT } from '../../apps/server/src/platform/live/hub.ts';
import { signInStudent } from './sign-in.ts';

const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 10_000);
const FAN_OUT = Number(process.env.BENCH_LIVE_FAN_OUT ?? 1_000);
const PER_STUDENT = MAX_STREAMS_PER_STUDENT;
const STUDENTS = Math.ceil(CLIENTS / PER_STUDENT);

interface Ready {
  url: string;
}
interface Student {
  cookie: string;
  userId: string;
}

const child = fork(fileURLToPath(new URL('./server-process.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx', '--expose-gc'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ready = await new Promise<Ready>((resolve, reject) => {
  child.once('message', (m) => resolve(m as Ready));
  child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
});

function ask<T>(message: object): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(message);
  });
}

/** Signs every student in, 20 at a time, and reads their user id from their claims. */
async function signInStudents(): Promise<Student[]> {
  const run = Date.now().toString(36);
  const students: Student[] = [];
  for (let from = 0; from < STUDENTS; from += 20) {
    const batch = Array.from({ length: Math.min(20, STUDENTS - from) }, async (_, k) => {
      const n = from + k;
      const cookie = await signInStudent(
        ready.url,
        `live${n}.${run}@bench.test`,
        `live-${run}-${String(n).padStart(5, '0')}`,
      );
      const claims = await fetch(`${ready.url}/api/auth/claims`, { headers: { cookie } });
      if (!claims.ok) throw new Error(`claims: ${claims.status}`);
      const { claims: own } = (await claims.json()) as { claims: { uid: string } };
      return { cookie, userId: own.uid };
    });
    students.push(...(await Promise.all(batch)));
  }
  return students;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

/** Opens one SSE stream; resolves once its snapshot arrived. `onChange` fires for each change. */
function openStream(student: Student, onChange: () => void): Promise<http.ClientRequest> {
  const topic = `users/${student.userId}`;
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${ready.url}/api/live?topics=${encodeURIComponent(topic)}`,
      { agent, headers: { cookie: student.cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          response.setEncoding('utf8');
          response.on('data', (body: string) =>
            reject(new Error(`status ${response.statusCode}: ${body}`)),
          );
          return;
        }
        response.setEncoding('utf8');
        let snapshotSeen = false;
        response.on('data', (chunk: string) => {
          if (!snapshotSeen && chunk.includes('"kind":"snapshot"')) {
            snapshotSeen = true;
            resolve(request);
          }
          if (chunk.includes('"kind":"change"')) onChange();
          if (chunk.includes('too-many-streams')) reject(new Error('over the cap'));
        });
      },
    );
    request.on('error', reject);
  });
}

try {
  let started = performance.now();
  const students = await signInStudents();
  console.info(
    `${students.length} students signed in through the development provider in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const before = await ask<{ heapUsed: number; rss: number }>({ type: 'memory' });
  // The streams that will receive the change: the first FAN_OUT, 5 to a student.
  const fanOutStudents = students.slice(0, Math.ceil(FAN_OUT / PER_STUDENT));
  const requests: http.ClientRequest[] = [];
  let delivered = 0;
  let allDelivered: () => void = () => {};
  const batch = 500;
  started = performance.now();
  for (let i = 0; i < CLIENTS; i += batch) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(batch, CLIENTS - i) }, (_, j) => {
        const n = i + j;
        const student = students[Math.floor(n / PER_STUDENT)] as Student;
        return openStream(student, () => {
          if (n < FAN_OUT) {
            delivered += 1;
            if (delivered === FAN_OUT) allDelivered();
          }
        });
      }),
    );
    requests.push(...opened);
  }
  const opening = (performance.now() - started) / 1000;
  const after = await ask<{ heapUsed: number; rss: number; connections: number }>({
    type: 'memory',
  });
  const perClient = (after.rss - before.rss) / CLIENTS;
  const heapPerClient = (after.heapUsed - before.heapUsed) / CLIENTS;
  console.info(
    `${after.connections} live clients held by one process (${PER_STUDENT} each for ${students.length} students), opened in ${opening.toFixed(1)} s; server ${(after.rss / 1024 / 1024).toFixed(0)} MB RSS`,
  );
  console.info(
    `memory per client: ${(perClient / 1024).toFixed(1)} KB RSS, ${(heapPerClient / 1024).toFixed(1)} KB heap (goal ≤ 25 KB)`,
  );

  // Close all but FAN_OUT, so the change goes to exactly that many clients.
  for (const request of requests.splice(FAN_OUT)) request.destroy();
  await new Promise((r) => setTimeout(r, 1_000));
  const done = new Promise<void>((resolve) => {
    allDelivered = resolve;
  });
  started = performance.now();
  await ask({ type: 'touch', userIds: fanOutStudents.map((s) => s.userId) });
  await done;
  const elapsed = performance.now() - started;
  console.info(
    `one change (${fanOutStudents.length} students' documents in one transaction) delivered to ${FAN_OUT} clients in ${elapsed.toFixed(0)} ms (goal ≤ 250 ms)`,
  );
  console.info(
    `live clients ${after.connections} kb-per-client ${(perClient / 1024).toFixed(1)} fan-out-ms ${elapsed.toFixed(0)}`,
  );
  for (const request of requests) request.destroy();
} finally {
  child.kill('SIGTERM');
}

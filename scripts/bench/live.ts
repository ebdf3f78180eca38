// docs/product.md#quality-bars quality bars for the live stream: one process holds 10,000 SSE clients at ≤ 25 KB
// each, and delivers a change to 1,000 of them within 250 ms. Prints figures; judges nothing.
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 10_000);
const FAN_OUT = Number(process.env.BENCH_LIVE_FAN_OUT ?? 1_000);

interface Ready {
  url: string;
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

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const topic = `users/${ready.userId}`;

/** Opens one SSE stream; resolves once its snapshot arrived. `onChange` fires for each change. */
function openStream(onChange: () => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${ready.url}/api/live?topics=${encodeURIComponent(topic)}`,
      { agent, headers: { cookie: ready.cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`status ${response.statusCode}`));
        response.setEncoding('utf8');
        let snapshotSeen = false;
        response.on('data', (chunk: string) => {
          if (!snapshotSeen && chunk.includes('"kind":"snapshot"')) {
            snapshotSeen = true;
            resolve(request);
          }
          if (chunk.includes('"kind":"change"')) onChange();
        });
      },
    );
    request.on('error', reject);
  });
}

try {
  const before = await ask<{ heapUsed: number; rss: number }>({ type: 'memory' });
  const requests: http.ClientRequest[] = [];
  let delivered = 0;
  let allDelivered: () => void = () => {};
  const batch = 500;
  for (let i = 0; i < CLIENTS; i += batch) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(batch, CLIENTS - i) }, (_, j) =>
        openStream(() => {
          if (i + j < FAN_OUT) {
            delivered += 1;
            if (delivered === FAN_OUT) allDelivered();
          }
        }),
      ),
    );
    requests.push(...opened);
  }
  const after = await ask<{ heapUsed: number; rss: number; connections: number }>({
    type: 'memory',
  });
  const perClient = (after.rss - before.rss) / CLIENTS;
  const heapPerClient = (after.heapUsed - before.heapUsed) / CLIENTS;
  console.info(`${after.connections} live clients held by one process`);
  console.info(
    `memory per client: ${(perClient / 1024).toFixed(1)} KB RSS, ${(heapPerClient / 1024).toFixed(1)} KB heap (goal ≤ 25 KB)`,
  );

  // Close all but FAN_OUT, so the change goes to exactly that many clients.
  for (const request of requests.splice(FAN_OUT)) request.destroy();
  await new Promise((r) => setTimeout(r, 500));
  const done = new Promise<void>((resolve) => {
    allDelivered = resolve;
  });
  const started = performance.now();
  await ask({ type: 'touch' });
  await done;
  const elapsed = performance.now() - started;
  console.info(
    `one change delivered to ${FAN_OUT} clients in ${elapsed.toFixed(0)} ms (goal ≤ 250 ms)`,
  );
  for (const request of requests) request.destroy();
} finally {
  child.kill('SIGTERM');
}

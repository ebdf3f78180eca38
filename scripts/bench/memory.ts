// Issue 25 item 4: the embedded default's memory. Starts the built server (apps/server/dist/main.js,
// as `npm run serve` does) on PGlite in a fresh data directory, then again on the same directory
// (a restart: the bundled banks already imported), and prints its resident memory when it answers
// /api/health/ready and after BENCH_MEMORY_IDLE_SECONDS (60) with no requests; with DATABASE_URL
// or TEST_DATABASE_URL, the same for a PostgreSQL-backed process beside it. Builds the server
// first when dist is missing. Prints figures; judges nothing.
import { execSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../apps/server/test/helpers/test-app.ts';

const IDLE_S = Number(process.env.BENCH_MEMORY_IDLE_SECONDS ?? 60);
const root = fileURLToPath(new URL('../..', import.meta.url));
const main = path.join(root, 'apps/server/dist/main.js');
if (!existsSync(main) || process.env.BENCH_MEMORY_BUILD === '1') {
  execSync('npm run -s build:server', { cwd: root, stdio: 'inherit' });
}

/** Resident and peak resident memory of a process, from /proc (MB). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function measure(title: string, env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = fork(main, [], {
    execArgv: ['--enable-source-maps'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`${url}/api/health/ready`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const readyS = (performance.now() - started) / 1000;
    const atStart = memoryOf(child.pid as number);
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
    const idle = memoryOf(child.pid as number);
    console.info(
      `${title.padEnd(44)} ready in ${readyS.toFixed(1).padStart(5)} s   at start ${atStart.rss.toFixed(0).padStart(4)} MB   after ${IDLE_S} s idle ${idle.rss.toFixed(0).padStart(4)} MB   peak ${idle.peak.toFixed(0).padStart(4)} MB`,
    );
    return { atStart: atStart.rss, idle: idle.rss, peak: idle.peak };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'pasado-memory-'));
try {
  const first = await measure('PGlite, first start (banks imported)', { DATA_DIR: dataDir });
  const again = await measure('PGlite, restart (banks unchanged)', { DATA_DIR: dataDir });
  const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  let postgres: { atStart: number; idle: number } | null = null;
  if (adminUrl) {
    const name = `pasado_bench_memory_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const dbUrl = new URL(adminUrl);
    dbUrl.pathname = `/${name}`;
    try {
      postgres = await measure('PostgreSQL, first start (banks imported)', {
        DATA_DIR: dataDir,
        DATABASE_URL: dbUrl.toString(),
      });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  console.info(
    `memory pglite-start-mb ${first.atStart.toFixed(0)} pglite-idle-mb ${first.idle.toFixed(0)} pglite-restart-mb ${again.atStart.toFixed(0)} pglite-restart-idle-mb ${again.idle.toFixed(0)}${postgres ? ` postgres-start-mb ${postgres.atStart.toFixed(0)} postgres-idle-mb ${postgres.idle.toFixed(0)}` : ''}`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

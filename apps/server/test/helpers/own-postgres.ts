import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './test-app.ts';

/**
 * A PostgreSQL cluster of the test's own (its own data directory and port, run as the `postgres`
 * user), for tests that stop and restart the database: the machine's shared server is never
 * touched. Null when this machine has no PostgreSQL binaries or no `postgres` user to run them.
 */
export interface OwnPostgres {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

function asPostgres(command: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  execFileSync(file, argv, { stdio: 'pipe' });
}

export function ownPostgresAvailable(): boolean {
  if (!binDir()) return false;
  if (process.getuid?.() !== 0) return true;
  return spawnSync('id', ['postgres']).status === 0;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'pasado-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const pgCtl = path.join(bin, 'pg_ctl');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  asPostgres(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    asPostgres(pgCtl, ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => asPostgres(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

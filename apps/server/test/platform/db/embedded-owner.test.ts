import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/platform/db/client.ts';
import { EmbeddedDatabaseInUseError } from '../../../src/platform/db/pglite-owner.ts';

const run = promisify(execFile);
const SERVER_SRC = path.resolve(import.meta.dirname, '../../../src');
const CLIENT = path.join(SERVER_SRC, 'platform/db/client.ts');

/**
 * A process that owns the embedded database: opens it, creates a user, says "ready" and waits.
 * Stands in for the running server (the real server is started below too).
 */
function owner(dataDir: string): Promise<ChildProcess> {
  const program = `const { openDatabase } = await import(${JSON.stringify(CLIENT)});
    const { sql } = await import('drizzle-orm');
    const db = await openDatabase({ engine: 'pglite', dataDir: ${JSON.stringify(dataDir)} });
    await db.db.execute(sql\`insert into users (email, display_name) values ('kept@example.com', 'Kept')\`);
    process.stdout.write('ready\\n');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (d) => (err += d));
    child.stdout?.on('data', (d) => String(d).includes('ready') && resolve(child));
    child.on('exit', (code) => reject(new Error(`owner exited ${code}: ${err}`)));
  });
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('the embedded database has one owner', () => {
  it('a second open in the same process is refused until the first closes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pasado-owner-'));
    const first = await openDatabase({ engine: 'pglite', dataDir: dir });
    await expect(openDatabase({ engine: 'pglite', dataDir: dir })).rejects.toBeInstanceOf(
      EmbeddedDatabaseInUseError,
    );
    await first.close();
    const again = await openDatabase({ engine: 'pglite', dataDir: dir });
    await again.close();
  }, 60_000);

  it('another process is refused with the owner named; the admin CLI says so; a killed owner leaves nothing behind', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pasado-owner-'));
    const pglite = path.join(dataDir, 'pglite');
    const child = await owner(pglite);
    children.push(child);

    const refused = await openDatabase({ engine: 'pglite', dataDir: pglite }).catch((e) => e);
    expect(refused).toBeInstanceOf(EmbeddedDatabaseInUseError);
    expect(refused.message).toContain(`in use by process ${child.pid}`);

    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const cli = await run(
      process.execPath,
      ['--import', 'tsx', path.join(SERVER_SRC, 'cli/admin.ts'), 'grant-admin', 'kept@example.com'],
      { env },
    ).catch((e: { code: number; stderr: string }) => e);
    expect((cli as { code: number }).code).toBe(1);
    expect((cli as { stderr: string }).stderr).toContain(`in use by process ${child.pid}`);

    // A second server on the same DATA_DIR stops at once with the same explanation.
    const server = await run(
      process.execPath,
      ['--import', 'tsx', path.join(SERVER_SRC, 'main.ts')],
      {
        env: { ...env, PORT: '0', LOG_LEVEL: 'silent' },
      },
    ).catch((e: { code: number; stderr: string }) => e);
    expect((server as { code: number }).code).toBe(1);
    expect((server as { stderr: string }).stderr).toContain(`in use by process ${child.pid}`);

    // kill -9: the lock is stale, taken over, and what the owner wrote is there.
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const cliAfter = await run(
      process.execPath,
      ['--import', 'tsx', path.join(SERVER_SRC, 'cli/admin.ts'), 'grant-admin', 'kept@example.com'],
      { env },
    );
    expect(cliAfter.stdout).toContain('kept@example.com');
  }, 90_000);

  // Issue 21 finding 7: two processes taking over a stale lock in the same millisecond both got it
  // in 18 of 40 rounds.
  it('of several processes taking over a stale lock at once, exactly one gets it', async () => {
    const OWNER = path.join(SERVER_SRC, 'platform/db/pglite-owner.ts');
    const rounds = 8;
    for (let round = 0; round < rounds; round += 1) {
      const dir = mkdtempSync(path.join(tmpdir(), 'pasado-takeover-'));
      // A lock left by a process that is gone.
      writeFileSync(
        path.join(dir, 'owner.lock'),
        JSON.stringify({ pid: 2 ** 22 + round, host: hostname(), command: 'killed', since: '' }),
      );
      const goAt = Date.now() + 1_500;
      const program = `const { claimEmbeddedDatabase } = await import(${JSON.stringify(OWNER)});
        while (Date.now() < ${goAt}) {}
        try { claimEmbeddedDatabase(${JSON.stringify(dir)}); process.stdout.write('won\\n'); }
        catch (e) { process.stdout.write(e.name + '\\n'); }
        setTimeout(() => {}, 3000);`;
      const outcomes = await Promise.all(
        Array.from({ length: 4 }, () => {
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', '--input-type=module', '-e', program],
            {
              stdio: ['ignore', 'pipe', 'pipe'],
            },
          );
          children.push(child);
          return new Promise<string>((resolve) => {
            let out = '';
            child.stdout?.on('data', (d) => {
              out += d;
              if (out.includes('\n')) resolve(out.trim());
            });
            child.on('exit', () => resolve(out.trim() || 'exited'));
          });
        }),
      );
      expect(
        outcomes.filter((o) => o === 'won'),
        `round ${round}: ${outcomes}`,
      ).toHaveLength(1);
      expect(
        outcomes.filter((o) => o !== 'won').every((o) => o === 'EmbeddedDatabaseInUseError'),
      ).toBe(true);
      for (const child of children.splice(0)) child.kill('SIGKILL');
    }
  }, 120_000);
});

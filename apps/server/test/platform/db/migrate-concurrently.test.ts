import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../../src/platform/paths.ts';

const CLIENT = path.resolve(import.meta.dirname, '../../../src/platform/db/client.ts');
const adminUrl = process.env.TEST_DATABASE_URL;

/** One process of a deploy: opens the database (which applies the migrations) and closes it. */
function openInChildProcess(url: string): Promise<{ code: number | null; output: string }> {
  const program = `const { openDatabase } = await import(${JSON.stringify(CLIENT)});
    const db = await openDatabase({ engine: 'postgres', url: ${JSON.stringify(url)}, poolSize: 2 });
    await db.close();`;
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', program],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

// Drizzle's migrator takes no lock; a deploy starts several processes on a fresh database at once.
describe.runIf(adminUrl)('migrations on PostgreSQL', () => {
  it('four processes starting at once on a fresh database apply each migration exactly once', async () => {
    const name = `pasado_migrate_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    try {
      const runs = await Promise.all([1, 2, 3, 4].map(() => openInChildProcess(url.toString())));
      for (const run of runs) expect(run.code, run.output).toBe(0);

      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query(
        'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
      );
      await check.end();
      const migrations = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
      expect(rows).toHaveLength(migrations.length);
      expect(rows.every((row) => row.n === 1)).toBe(true);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});

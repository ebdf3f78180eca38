import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContentImport } from '../../src/modules/content/content-import-command.ts';
import { openDatabase } from '../../src/platform/db/client.ts';
import { auditLog, questions } from '../../src/platform/db/schema.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/test-database.ts';
import { FIXTURES } from './content-fixtures.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SCRIPT = path.join(ROOT, 'apps/server/src/cli/content-import.ts');

function badCsv(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pasado-content-'));
  const file = path.join(dir, 'bad.csv');
  writeFileSync(
    file,
    [
      'reviewer,type,id,topicId,stem,choiceA,choiceB,answer,rationale',
      'let-elem,question,cli-q1,fxc-english.grammar,Fine?,Yes,No,A,Because.',
      'let-elem,question,cli-q2,fxc-english.grammar,Key?,Yes,No,Z,Because.',
    ].join('\n'),
  );
  return file;
}

describe.each(ENGINES)('content:import command on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t.drop());

  async function cli(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runContentImport(args, {
      db: t.database.db,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      cwd: FIXTURES,
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('dry-runs, imports (audited as cli), and refuses a bad file with its lines', async () => {
    const dry = await cli('small.csv', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('small.csv: dry run for let-elem; nothing was written.');
    expect(dry.out).toContain('questions   2 created, 0 updated, 0 unchanged');
    expect(await t.database.db.select().from(questions)).toEqual([]);

    const real = await cli('small.csv');
    expect(real).toMatchObject({ code: 0, err: '' });
    expect(real.out).toContain('small.csv: imported for let-elem.');
    expect((await t.database.db.select().from(questions)).map((q) => q.id).sort()).toEqual([
      'fxc-q1',
      'fxc-q2',
    ]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.import'), eq(auditLog.targetId, 'small.csv')));
    expect(audit).toMatchObject({ actorEmail: 'cli', details: { via: 'cli' } });

    const bad = await cli(badCsv());
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('1 problem(s); nothing was imported.');
    expect(bad.err).toContain('line 3: answer: Use the letter of the key, A to F.');
    expect(await t.database.db.select().from(questions).where(eq(questions.id, 'cli-q1'))).toEqual(
      [],
    );
  });

  it('exits 2 on bad usage and 1 on an unreadable file', async () => {
    expect((await cli()).code).toBe(2);
    expect((await cli('bank.txt')).err).toContain('the file must end in .json or .csv');
    expect((await cli('a.json', 'b.json')).code).toBe(2);
    expect((await cli('a.json', '--force')).err).toContain('Unknown option: --force');
    expect(await cli('nowhere.json')).toMatchObject({ code: 1 });
    expect((await cli('--help')).code).toBe(0);
  });
});

describe('content:import as a process', () => {
  it('imports into the configured database, exit 0 / 1 / 2', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pasado-content-cli-'));
    const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const spawn = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { cwd: ROOT, env }).then(
        (r) => ({ code: 0, ...r }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );

    const usage = await spawn();
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run content:import');

    const good = await spawn(path.join(FIXTURES, 'small.json'));
    expect(good.code).toBe(0);
    expect(good.stdout).toContain('imported for cse-pro.');
    expect(good.stdout).toContain('questions   3 created, 0 updated, 0 unchanged');

    const bad = await spawn(badCsv());
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('line 3: answer: Use the letter of the key, A to F.');

    // What the process wrote is in the data directory the server would open.
    const database = await openDatabase({
      engine: 'pglite',
      dataDir: path.join(dataDir, 'pglite'),
    });
    try {
      const rows = await database.db.select({ id: questions.id }).from(questions);
      expect(rows.map((r) => r.id).sort()).toEqual(['fx-q1', 'fx-q2', 'fx-q3']);
    } finally {
      await database.close();
    }
  }, 90_000);
});

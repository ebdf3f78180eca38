import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEED_ACTION,
  seedBundledContent,
  seedBundledContentForTests,
} from '../../src/modules/content/seed-bundled-content.ts';
import { openDatabase } from '../../src/platform/db/client.ts';
import { auditLog, questions } from '../../src/platform/db/schema.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/test-database.ts';
import { counts, FIXTURES, fixtureText } from './content-fixtures.ts';

describe.each(ENGINES)('seedBundledContent on %s', (engine) => {
  let t: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    dir = mkdtempSync(path.join(tmpdir(), 'pasado-bank-'));
    copyFileSync(path.join(FIXTURES, 'small.json'), path.join(dir, 'cse-pro.json'));
  });
  afterAll(() => t.drop());
  const db = () => t.database.db;

  it('imports each bank once, skips it while its hash is unchanged, re-imports an edit', async () => {
    // Planner statistics of a table: -1 rows until it is first analyzed (or vacuumed).
    const plannedRows = async (table: string) =>
      Number(
        (
          (await db().execute(
            sql`select reltuples from pg_class where relname = ${table} and relkind = 'r'`,
          )) as unknown as { rows: { reltuples: number | string }[] }
        ).rows[0]?.reltuples,
      );
    expect(await plannedRows('questions')).toBe(-1);
    expect(await seedBundledContent(db(), { dir })).toEqual([
      expect.objectContaining({ file: 'content/bank/cse-pro.json', status: 'imported' }),
    ]);
    // Analyzed by the seed (ADR 036): the planner does not guess on a fresh database's content.
    for (const table of ['questions', 'topics', 'subjects', 'reviewer_subjects']) {
      expect(await plannedRows(table)).toBeGreaterThan(0);
    }
    expect(await seedBundledContent(db(), { dir })).toEqual([
      { file: 'content/bank/cse-pro.json', status: 'unchanged' },
    ]);

    writeFileSync(
      path.join(dir, 'cse-pro.json'),
      fixtureText('small.json').replace('What is 2/3 of 9?', 'What is two thirds of 9?'),
    );
    const [edited] = await seedBundledContent(db(), { dir });
    expect(edited).toMatchObject({ status: 'imported', report: { questions: counts(0, 1, 2) } });
    const [q3] = await db().select().from(questions).where(eq(questions.id, 'fx-q3'));
    expect(q3?.stem).toBe('What is two thirds of 9?');

    const seeds = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, SEED_ACTION), eq(auditLog.targetId, 'content/bank/cse-pro.json')),
      );
    expect(seeds).toHaveLength(2);
    expect(seeds[1]?.details.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reports a broken bank without throwing, still loads the others; the test helper throws', async () => {
    writeFileSync(
      path.join(dir, 'broken.json'),
      '{\n  "reviewer": { "shorthand": "nle" },\n  "subjects": [1]\n}',
    );
    const logged: string[] = [];
    const results = await seedBundledContent(db(), {
      dir,
      log: {
        info: (_o, m) => logged.push(`info ${m}`),
        error: (_o, m) => logged.push(`error ${m}`),
        warn: (_o, m) => logged.push(`warn ${m}`),
      },
    });
    expect(results).toEqual([
      {
        file: 'content/bank/broken.json',
        status: 'invalid',
        errors: ['line 3: subjects[0]: Invalid input: expected object, received number'],
      },
      { file: 'content/bank/cse-pro.json', status: 'unchanged' },
    ]);
    expect(logged).toEqual(['error bundled content file has errors; not imported']);
    await expect(seedBundledContentForTests(db(), { dir })).rejects.toThrow(/broken\.json/);
    // A missing folder is no bank at all, not a failure.
    expect(await seedBundledContent(db(), { dir: path.join(dir, 'none') })).toEqual([]);
  });
});

describe('the bundled banks (content/bank)', () => {
  it('import cleanly, and a second start finds them unchanged', async () => {
    const t = await createTestDatabase('pglite');
    try {
      const first = await seedBundledContentForTests(t.database.db);
      expect(first.every((r) => r.status === 'imported')).toBe(true);
      const second = await seedBundledContent(t.database.db);
      expect(second.map((r) => r.status)).toEqual(first.map(() => 'unchanged'));
    } finally {
      await t.drop();
    }
  }, 60_000);
});

describe.runIf(ENGINES.includes('postgres'))(
  'seedBundledContent from two processes at once',
  () => {
    it('imports once: the second start waits for the first and finds its hash', async () => {
      const first = await createTestDatabase('postgres');
      const second = await openDatabase({ engine: 'postgres', url: first.url ?? '', poolSize: 2 });
      try {
        const dir = mkdtempSync(path.join(tmpdir(), 'pasado-bank-'));
        copyFileSync(path.join(FIXTURES, 'small.json'), path.join(dir, 'cse-pro.json'));
        const results = await Promise.all([
          seedBundledContent(first.database.db, { dir }),
          seedBundledContent(second.db, { dir }),
        ]);
        expect(results.map(([r]) => r?.status).sort()).toEqual(['imported', 'unchanged']);
        const seeds = await first.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, SEED_ACTION));
        expect(seeds).toHaveLength(1);
      } finally {
        await second.close();
        await first.drop();
      }
    });
  },
);

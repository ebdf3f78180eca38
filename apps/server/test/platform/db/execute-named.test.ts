import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Database,
  executeNamed,
  openDatabase,
  preparedFor,
} from '../../../src/platform/db/client.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../helpers/test-database.ts';

/**
 * ADR 036: the daily path's SQL statements run as named statements, one name per text, so
 * PostgreSQL parses and plans each once per connection; the values stay parameters.
 */
describe.each(ENGINES)('named statements on %s', (engine) => {
  let testDb: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    // One connection, so the statements it prepared can be listed on it.
    database =
      engine === 'postgres'
        ? await openDatabase({ engine: 'postgres', url: testDb.url ?? '', poolSize: 1 })
        : testDb.database;
  });
  afterAll(async () => {
    if (database !== testDb.database) await database.close();
    await testDb.drop();
  });

  const doubled = (n: number) =>
    executeNamed<{ n: number }>(database.db, sql`select ${n}::int * 2 as n`);

  it('answers as execute does, with the values as parameters of one named statement', async () => {
    expect((await doubled(2)).rows).toEqual([{ n: 4 }]);
    expect((await doubled(21)).rows).toEqual([{ n: 42 }]);
    const other = await executeNamed<{ n: number }>(database.db, sql`select ${3}::int + 1 as n`);
    expect(other.rows).toEqual([{ n: 4 }]);
    if (engine !== 'postgres') return;
    const prepared = (await database.db.execute(
      sql`select name, statement from pg_prepared_statements where name like 'x\\_%' order by statement`,
    )) as unknown as { rows: { name: string; statement: string }[] };
    expect(prepared.rows.map((r) => r.statement)).toEqual([
      'select $1::int * 2 as n',
      'select $1::int + 1 as n',
    ]);
  });

  it('runs in a transaction on its connection, and a failure rolls back as usual', async () => {
    await database.db.execute(sql`create table if not exists named_probe (n int primary key)`);
    await expect(
      database.db.transaction(async (tx) => {
        await executeNamed(tx, sql`insert into named_probe (n) values (${1})`);
        await executeNamed(tx, sql`insert into named_probe (n) values (${1})`);
      }),
    ).rejects.toThrow();
    const left = (await database.db.execute(
      sql`select count(*)::text as count from named_probe`,
    )) as unknown as { rows: { count: string }[] };
    expect(left.rows[0]?.count).toBe('0');
  });

  it('prepares a statement once per connection, not once per transaction (preparedFor)', async () => {
    let builds = 0;
    const tripled = preparedFor((ex) => {
      builds += 1;
      return ex
        .select({ n: sql<number>`${sql.placeholder('n')}::int * 3`.as('n') })
        .from(sql`(select 1) as one`)
        .prepare('prepared_for_probe');
    });
    const answers: number[] = [];
    for (const n of [1, 2, 3]) {
      await database.db.transaction(async (tx) => {
        const [row] = await tripled(tx).execute({ n });
        answers.push(Number(row?.n));
      });
    }
    expect(answers).toEqual([3, 6, 9]);
    // PostgreSQL: one connection, so one build for the three transactions. PGlite hands each
    // transaction an executor of its own, so there the statement is built per transaction.
    expect(builds).toBe(engine === 'postgres' ? 1 : 3);
  });
});

import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './test-app.ts';
import { sessionsWaitingOnLocks } from './test-database.ts';

/**
 * A second connection to a test app's PostgreSQL database that holds a lock while requests arrive:
 * how a race test forces the interleaving it is about, instead of hoping for it.
 */
export type LockHolder = {
  /** Begins a transaction and runs `statement` in it; the lock it takes is held until `release`. */
  hold(statement: string, values?: unknown[]): Promise<void>;
  /** Runs another statement in the held transaction (a write that lands while others wait). */
  query(statement: string, values?: unknown[]): Promise<void>;
  /** How many sessions of the database wait on a lock now. */
  waiting(): Promise<number>;
  /** Commits the held transaction: the waiting sessions go on. */
  release(): Promise<void>;
};

/**
 * For a `describe` of race tests on PostgreSQL: starts a test app (then `prepare`, e.g. seeding)
 * before the tests and a lock holder on its database, and closes both after them.
 */
export function appWithLockHolder(prepare?: (t: TestApp) => Promise<void>): {
  app: () => TestApp;
  holder: LockHolder;
} {
  let t: TestApp | undefined;
  let client: pg.Client | undefined;
  const connection = (): pg.Client => {
    if (!client) throw new Error('The lock holder is used outside its describe.');
    return client;
  };
  beforeAll(async () => {
    t = await startTestApp('postgres');
    await prepare?.(t);
    client = new pg.Client({ connectionString: t.testDb.url ?? '' });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await t?.close();
  });
  const query = async (statement: string, values?: unknown[]) => {
    await connection().query(statement, values);
  };
  return {
    app: () => {
      if (!t) throw new Error('The test app is used outside its describe.');
      return t;
    },
    holder: {
      hold: async (statement, values) => {
        await query('begin');
        await query(statement, values);
      },
      query,
      waiting: () => sessionsWaitingOnLocks(connection()),
      release: () => query('commit'),
    },
  };
}

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/platform/db/client.ts';
import './provided-context.ts';

export type Engine = 'pglite' | 'postgres';

/** The engines the data-layer suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase {
  database: Database;
  /** For PostgreSQL, the URL of this test's own database (another process can open it). */
  url: string | null;
  drop(): Promise<void>;
}

/** The run's migrated templates (setup/database-template.ts); none outside a Vitest run. */
function templates(): { pglite: Blob | null; postgres: string | null } {
  try {
    const file = inject('pgliteTemplate');
    return {
      pglite: file ? new Blob([readFileSync(file)]) : null,
      postgres: inject('postgresTemplate'),
    };
  } catch {
    return { pglite: null, postgres: null };
  }
}

/**
 * A fresh, migrated database that belongs to one test file: a copy of the run's migrated template
 * (migrations then find nothing to do), or migrated from empty without one.
 */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  const template = templates();
  if (engine === 'pglite') {
    const database = await openDatabase({
      engine: 'pglite',
      dataDir: null,
      ...(template.pglite ? { template: template.pglite } : {}),
    });
    return { database, url: null, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `pasado_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) =>
    client.query(
      `CREATE DATABASE ${name}${template.postgres ? ` TEMPLATE ${template.postgres}` : ''}`,
    ),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      await withAdmin(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

async function withAdmin(url: string, run: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/**
 * How many sessions of `client`'s database wait on a lock now. Read from `client`, which may hold
 * a transaction: the activity view is read once per transaction unless its snapshot is let go.
 */
export async function sessionsWaitingOnLocks(client: pg.Client): Promise<number> {
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return rows[0]?.n ?? 0;
}

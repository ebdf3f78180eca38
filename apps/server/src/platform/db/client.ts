import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or an open transaction (STYLE.md habit 5). */
export type Executor = Db | Tx;

export type NotificationHandler = (payload: string) => void;

export interface Database {
  readonly db: Db;
  readonly engine: 'pglite' | 'postgres';
  /** Subscribes to a NOTIFY channel; resolves once listening. Returns the unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { engine: 'postgres'; url: string; poolSize?: number }
  | { engine: 'pglite'; dataDir: string | null };

/** Opens the database named by the options and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database =
    options.engine === 'postgres'
      ? openPostgres(options.url, options.poolSize)
      : await openPglite(options.dataDir);
  await database.migrate();
  return database;
}

function openPostgres(url: string, poolSize = 10): Database & { migrate(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.warn('PostgreSQL pool error', error.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Set<pg.Client>();

  return {
    db,
    engine: 'postgres',
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    async listen(channel, handler) {
      // A dedicated connection: LISTEN is per session and pooled clients come and go.
      const client = new pg.Client({ connectionString: url });
      client.on('error', (error) => console.warn('PostgreSQL listener error', error.message));
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) handler(message.payload);
      });
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end();
      };
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end()));
      await pool.end();
    },
  };
}

async function openPglite(
  dataDir: string | null,
): Promise<Database & { migrate(): Promise<void> }> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    engine: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    async listen(channel, handler) {
      const unsubscribe = await client.listen(channel, handler);
      return unsubscribe;
    },
    close: () => client.close(),
  };
}

/**
 * Memoises a prepared statement per executor: the hot reads (DESIGN.md quality bar) skip building
 * the SQL on every call, and on PostgreSQL a named statement is parsed and planned once per
 * connection. Build with `sql.placeholder(...)` and run with `.execute({ ... })`.
 */
export function preparedFor<T>(build: (ex: Executor) => T): (ex: Executor) => T {
  const built = new WeakMap<Executor, T>();
  return (ex) => {
    let statement = built.get(ex);
    if (statement === undefined) {
      statement = build(ex);
      built.set(ex, statement);
    }
    return statement;
  };
}

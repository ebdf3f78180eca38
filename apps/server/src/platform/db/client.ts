import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import { claimEmbeddedDatabase } from './pglite-owner.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or an open transaction (STYLE.md habit 5). */
export type Executor = Db | Tx;

/**
 * One value per database, made on first use: what a process keeps in memory is kept per database
 * (tests open several in one process, with the same ids), and goes with it.
 */
export function perDatabase<T extends object>(create: () => T): (db: Db) => T {
  const values = new WeakMap<Db, T>();
  return (db) => {
    let value = values.get(db);
    if (!value) {
      value = create();
      values.set(db, value);
    }
    return value;
  };
}

export type NotificationHandler = (payload: string) => void;

export interface ListenEvents {
  /**
   * The listening connection was lost and is listening again: notifications sent in between are
   * gone, so whoever relies on them must re-read what it caches.
   */
  onReconnect?: () => void;
}

export interface Database {
  readonly db: Db;
  readonly engine: 'pglite' | 'postgres';
  /**
   * Subscribes to a NOTIFY channel; resolves once listening. On PostgreSQL a lost connection is
   * re-established with back-off (issue 9, finding 2). Returns the unsubscribe function.
   */
  listen(
    channel: string,
    handler: NotificationHandler,
    events?: ListenEvents,
  ): Promise<() => Promise<void>>;
  /**
   * Runs `job` unless another process is running the job of that `name`, and says whether it ran.
   * On PostgreSQL a session-level advisory lock is tried on a connection of its own and held until
   * the job settles (were that connection lost, another process could start the job too: done
   * twice, never wrongly). PGlite's data directory belongs to one process, which keeps the
   * names of the jobs it is running.
   */
  runAlone<T>(
    name: string,
    job: () => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false }>;
  /** Resolves when the database answers a trivial query within `timeoutMs`; rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Back-off for the LISTEN connection: 250 ms doubling to 10 s, with jitter. */
export function reconnectDelayMs(attempt: number, random = Math.random()): number {
  const base = Math.min(250 * 2 ** attempt, 10_000);
  return Math.round(base / 2 + (base / 2) * random);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: connection timeout after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export type DatabaseOptions =
  | {
      engine: 'postgres';
      url: string;
      poolSize?: number;
      /** How often the LISTEN connection is asked to answer, and how long it has (tests shorten them). */
      listenCheck?: { everyMs: number; timeoutMs: number };
    }
  | {
      engine: 'pglite';
      dataDir: string | null;
      /** An in-memory database started from this dump (`PGlite.dumpDataDir`) instead of empty. */
      template?: Blob;
    };

/** Opens the database named by the options and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database =
    options.engine === 'postgres'
      ? openPostgres(options.url, options.poolSize, options.listenCheck)
      : await openPglite(options.dataDir, options.template);
  await database.migrate();
  return database;
}

/**
 * The LISTEN connection is idle for hours at night, and a network that drops an idle connection
 * silently (a NAT's or a firewall's idle timeout) sends it no end and no error: it would never be
 * re-established, and the process would hear no notice again (no live update, no sign-out from
 * another instance). It is asked to answer every 30 s; one that does not within 10 s is lost.
 */
const LISTEN_CHECK = { everyMs: 30_000, timeoutMs: 10_000 };

function openPostgres(
  url: string,
  poolSize = 10,
  listenCheck = LISTEN_CHECK,
): Database & { migrate(): Promise<void> } {
  // A bounded wait for a connection: while PostgreSQL is down a request fails in seconds (503)
  // instead of hanging until the client gives up. TCP keepalives keep idle connections known to
  // the network between us and PostgreSQL, and find dead ones.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 3_000,
    keepAlive: true,
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.warn('PostgreSQL pool error', error.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const unsubscribers = new Set<() => Promise<void>>();

  return {
    db,
    engine: 'postgres',
    migrate: () => migrateWithLock(pool, url),
    async listen(channel, handler, events = {}) {
      // A dedicated connection: LISTEN is per session and pooled clients come and go.
      let client: pg.Client | null = null;
      let closed = false;
      let attempt = 0;
      let timer: NodeJS.Timeout | undefined;

      const connect = async () => {
        const next = new pg.Client({
          connectionString: url,
          connectionTimeoutMillis: 5_000,
          keepAlive: true,
        });
        // Only the connection that is listening is lost: pg also ends a client that failed to
        // connect, before the failure reaches the catch below, and that retried beside the
        // caller's own retry (one more chain of tries per failed try).
        const onLost = () => {
          if (client !== next || closed) return;
          client = null;
          scheduleReconnect();
        };
        next.on('error', onLost);
        next.on('end', onLost);
        next.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined)
            handler(message.payload);
        });
        try {
          await next.connect();
          await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          await next.end().catch(() => {});
          throw error;
        }
        client = next;
        const check = setInterval(() => {
          if (closed || client !== next) {
            clearInterval(check);
            return;
          }
          withTimeout(next.query('select 1'), listenCheck.timeoutMs, 'LISTEN check').catch(() => {
            clearInterval(check);
            if (closed || client !== next) return;
            client = null;
            scheduleReconnect();
            void next.end().catch(() => {});
          });
        }, listenCheck.everyMs);
        check.unref();
      };

      const scheduleReconnect = () => {
        timer = setTimeout(async () => {
          if (closed) return;
          try {
            await connect();
            attempt = 0;
            events.onReconnect?.();
          } catch {
            attempt += 1;
            scheduleReconnect();
          }
        }, reconnectDelayMs(attempt));
      };

      await connect();
      const unsubscribe = async () => {
        closed = true;
        clearTimeout(timer);
        unsubscribers.delete(unsubscribe);
        await client?.end().catch(() => {});
      };
      unsubscribers.add(unsubscribe);
      return unsubscribe;
    },
    async runAlone(name, job) {
      const lock = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: 3_000,
        keepAlive: true,
      });
      // A lost lock connection only ends the lock; the job goes on.
      lock.on('error', () => {});
      await lock.connect();
      try {
        const { rows } = await lock.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtext($1)) as locked',
          [name],
        );
        if (!rows[0]?.locked) return { ran: false };
        return { ran: true, value: await job() };
      } finally {
        // Ending the session releases its lock.
        await lock.end().catch(() => {});
      }
    },
    async ping(timeoutMs = 2_000) {
      await withTimeout(pool.query('select 1'), timeoutMs, 'database ping');
    },
    async close() {
      await Promise.all([...unsubscribers].map((unsubscribe) => unsubscribe()));
      await pool.end();
    },
  };
}

/**
 * Drizzle's migrator takes no lock: N processes deploying at once would each apply the same
 * migrations. A session-level advisory lock, held on its own connection while migrating, lets the
 * first apply them and the others wait, then find nothing to do (issue 9, finding 9).
 */
export const MIGRATION_LOCK_KEY = 7_261_832_019;

async function migrateWithLock(pool: pg.Pool, url: string): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await lock.end();
  }
}

/**
 * PGlite's start-up settings: its own, with 32 MB of shared buffers instead of PostgreSQL's 128 MB
 * (issue 25 item 4). The embedded engine allocates and touches them all in its WebAssembly memory
 * at start, which never shrinks: 128 MB held the process ~120 MB higher at start and at idle for
 * nothing, since an embedded database's hot pages fit in 32 MB and the operating system's page
 * cache keeps the rest of its files (docs/benchmarks.md, bench:memory).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

async function openPglite(
  dataDir: string | null,
  template?: Blob,
): Promise<Database & { migrate(): Promise<void> }> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? claimEmbeddedDatabase(dataDir) : () => {};
  let client: PGlite;
  try {
    const options = { startParams: PGLITE_START_PARAMS };
    client = dataDir
      ? new PGlite(dataDir, options)
      : new PGlite(template ? { ...options, loadDataDir: template } : options);
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema });
  const running = new Set<string>();
  return {
    db: db as unknown as Db,
    engine: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    async listen(channel, handler) {
      // In-process: the connection cannot be lost, so there is nothing to reconnect.
      const unsubscribe = await client.listen(channel, handler);
      return unsubscribe;
    },
    async runAlone(name, job) {
      if (running.has(name)) return { ran: false };
      running.add(name);
      try {
        return { ran: true, value: await job() };
      } finally {
        running.delete(name);
      }
    },
    async ping(timeoutMs = 2_000) {
      await withTimeout(client.query('select 1'), timeoutMs, 'database ping');
    },
    async close() {
      try {
        await client.close();
      } finally {
        // Only once PGlite has flushed and closed may another process open the directory.
        release();
      }
    },
  };
}

/**
 * Memoises a prepared statement per connection: the hot reads (docs/product.md#quality-bars quality bar) skip building
 * the SQL on every call, and on PostgreSQL a named statement is parsed and planned once per
 * connection. Build with `sql.placeholder(...)` and run with `.execute({ ... })`.
 *
 * Keyed by the executor's driver client, not the executor: every transaction is a new executor
 * over one of the pool's connections, so a statement memoised per executor was built again in
 * every transaction (issue 25: building a finish's lock was 5 % of its server time). A statement
 * built in one transaction holds only that connection, which the next transaction on it reuses.
 */
export function preparedFor<T>(build: (ex: Executor) => T): (ex: Executor) => T {
  const built = new WeakMap<object, T>();
  return (ex) => {
    const key = connectionOf(ex);
    let statement = built.get(key);
    if (statement === undefined) {
      statement = build(ex);
      built.set(key, statement);
    }
    return statement;
  };
}

/** The driver client an executor runs on (a transaction's own connection; the pool otherwise). */
function connectionOf(ex: Executor): object {
  return (ex as unknown as { session?: { client?: object } }).session?.client ?? ex;
}

/** What `executeNamed` reaches of drizzle's executor (its session and dialect). */
type ExecutorInternals = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(values?: Record<string, unknown>): Promise<unknown> };
  };
};

const statementNames = new Map<string, string>();

/**
 * `ex.execute(query)` as a named statement, for the daily path's statements written as SQL (ADR 036):
 * on PostgreSQL a statement sent unnamed is parsed and planned on every call, which cost the rating
 * and the finish about as much database time as running them. The name is the text's hash, so a
 * statement whose text varies with its inputs (a clause present or not) has one name per shape;
 * the values must all be parameters, never spliced into the text, or every call would leave a new
 * statement on the connection.
 */
export async function executeNamed<Row>(
  ex: Executor,
  query: SQL,
  /** The values of any `sql.placeholder`s in it (a fragment built for `statementOnce`). */
  values?: Record<string, unknown>,
): Promise<{ rows: Row[] }> {
  const internals = ex as unknown as ExecutorInternals;
  const built = internals.dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (name === undefined) {
    name = statementName(built.sql);
    // The texts are a handful of shapes; the bound only guards against a misuse.
    if (statementNames.size < 1_000) statementNames.set(built.sql, name);
  }
  const result = await internals.session
    .prepareQuery(built, undefined, name, false)
    .execute(values);
  return result as { rows: Row[] };
}

function statementName(text: string): string {
  return `x_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
}

/**
 * Data-modifying CTEs another statement carries (a finish's mark, ADR 037), written with
 * `sql.placeholder`s whose values ride beside them, so the carrying statement is built once per
 * shape (`statementsByShape`). `shape` names the CTEs' text: two writes of one shape have the same
 * text, whatever their values, so `ctes` is called only when a statement of that shape is first
 * built. Placeholder names are the writer's own, unique across writers.
 */
export type CarriedWrite = { shape: string; ctes: () => SQL; values: Record<string, unknown> };

/**
 * `statementOnce` for a statement whose text has a few shapes (a clause present or not): one
 * statement per shape, each built on its first call. `keyOf` names a shape.
 */
export function statementsByShape<Shape, Row>(
  keyOf: (shape: Shape) => string,
  build: (shape: Shape, ex: Executor) => SQL,
): (shape: Shape) => (ex: Executor, values: Record<string, unknown>) => Promise<{ rows: Row[] }> {
  const statements = new Map<
    string,
    (ex: Executor, values: Record<string, unknown>) => Promise<{ rows: Row[] }>
  >();
  return (shape) => {
    const key = keyOf(shape);
    let statement = statements.get(key);
    if (statement === undefined) {
      statement = statementOnce<Record<string, unknown>, Row>((ex) => build(shape, ex));
      statements.set(key, statement);
    }
    return statement;
  };
}

/**
 * A hot statement written as SQL whose text is built once per process, not on every call as
 * `executeNamed` builds it (ADR 037): `build` writes it with `sql.placeholder(name)` for each
 * value, and each call fills them from `values`. Walking a long template was 15–20 % of a
 * rating's server time. Sent named, as `executeNamed` sends its statements.
 */
export function statementOnce<Values extends Record<string, unknown>, Row>(
  build: (ex: Executor) => SQL,
): (ex: Executor, values: Values) => Promise<{ rows: Row[] }> {
  let built: { sql: string; params: unknown[]; name: string } | undefined;
  return async (ex, values) => {
    const internals = ex as unknown as ExecutorInternals;
    if (built === undefined) {
      // Both drivers render with the same PostgreSQL dialect, so the text serves every executor.
      const query = internals.dialect.sqlToQuery(build(ex));
      built = { ...query, name: statementName(query.sql) };
    }
    const result = await internals.session
      .prepareQuery(built, undefined, built.name, false)
      .execute(values);
    return result as { rows: Row[] };
  };
}

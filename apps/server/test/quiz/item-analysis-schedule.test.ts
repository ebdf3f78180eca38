import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startItemAnalysisTimer } from '../../src/modules/quiz/schedule-item-analysis.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config/app-config.ts';
import { InvalidEnvironmentError } from '../../src/platform/config/env.ts';
import { itemStats } from '../../src/platform/db/schema.ts';
import { createStudent } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { addSyntheticClass, seedSyntheticItems } from './item-analysis-fixture.ts';

const config = (minutes?: string) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '.test-data',
    ...(minutes === undefined ? {} : { ITEM_ANALYSIS_EVERY_MINUTES: minutes }),
  });

describe('ITEM_ANALYSIS_EVERY_MINUTES', () => {
  it('is hourly by default, 0 turns the schedule off, anything else must be whole minutes', () => {
    expect(config().itemAnalysisEveryMs).toBe(60 * 60 * 1000);
    expect(config('15').itemAnalysisEveryMs).toBe(15 * 60 * 1000);
    expect(config('0').itemAnalysisEveryMs).toBe(0);
    for (const bad of ['-1', '1.5', 'hourly'])
      expect(() => config(bad)).toThrow(InvalidEnvironmentError);
  });
});

describe('the scheduled item analysis', () => {
  const clock = new ManualClock();
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [t, off] = await Promise.all([
      startTestApp('pglite', {}, { clock }),
      startTestApp('pglite', { ITEM_ANALYSIS_EVERY_MINUTES: '0' }, { clock }),
    ]);
    for (const app of [t, off]) {
      const student = await createStudent(app);
      await seedSyntheticItems(app.app.database.db);
      await addSyntheticClass(app.app.database.db, student.userId, clock.now());
    }
  });
  const stops: (() => void)[] = [];
  afterAll(async () => {
    for (const stop of stops) stop();
    await Promise.all([t.close(), off.close()]);
  });

  it('runs when the server is ready, stamped with the app clock', async () => {
    clock.advance(1_000);
    stops.push(startItemAnalysisTimer(t.app));
    await expect
      .poll(async () => (await t.app.database.db.select().from(itemStats)).length)
      .toBe(14);
    const [row] = await t.app.database.db.select().from(itemStats).limit(1);
    expect(row?.computedAt).toEqual(clock.now());
  });

  it('does nothing when turned off', async () => {
    stops.push(startItemAnalysisTimer(off.app));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await off.app.database.db.select().from(itemStats)).toEqual([]);
  });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A run over a large database may outlast the interval, and every server process has the timer:
// one run at a time across them all, a tick meanwhile skipped.
describe.runIf(ENGINES.includes('postgres'))('one analysis run at a time, on postgres', () => {
  let t: TestApp;
  /** Another process's connection to the same database. */
  let other: pg.Client;
  beforeAll(async () => {
    t = await startTestApp('postgres');
    const student = await createStudent(t);
    await seedSyntheticItems(t.app.database.db);
    await addSyntheticClass(t.app.database.db, student.userId, new Date());
    other = new pg.Client({ connectionString: t.testDb.url ?? '' });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });
  const stats = async () => (await t.app.database.db.select().from(itemStats)).length;

  it('skips its ticks while another process runs the jobs, and runs once it is done', async () => {
    await t.app.database.db.delete(itemStats);
    await other.query(`select pg_advisory_lock(hashtext('analysis-jobs'))`);
    const stop = startItemAnalysisTimer(t.app, 50);
    try {
      await pause(500);
      expect(await stats()).toBe(0);
      await other.query(`select pg_advisory_unlock(hashtext('analysis-jobs'))`);
      await expect.poll(stats, { timeout: 10_000 }).toBe(14);
    } finally {
      stop();
    }
  });

  it('starts no second run beside its own while that one is still going', async () => {
    // The run waits for item analysis's own lock, held here, as a long run would hold the jobs.
    await t.app.database.db.delete(itemStats);
    await other.query('begin');
    await other.query(`select pg_advisory_xact_lock(hashtext('item-analysis'))`);
    const stop = startItemAnalysisTimer(t.app, 50);
    const waiting = async () => {
      const { rows } = await other.query<{ n: number }>(
        `select count(*)::int as n from pg_locks
          where locktype = 'advisory' and not granted
            and database = (select oid from pg_database where datname = current_database())`,
      );
      return rows[0]?.n;
    };
    try {
      // The first run reaches the lock (a busy machine may take a while)…
      await expect.poll(waiting, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      // …and ten ticks later it is still the only one.
      await pause(500);
      expect(await waiting()).toBe(1);
    } finally {
      stop();
      await other.query('commit');
    }
    // The run that waited goes on.
    await expect.poll(stats, { timeout: 10_000 }).toBe(14);
  });
});

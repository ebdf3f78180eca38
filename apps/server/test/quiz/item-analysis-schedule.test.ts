import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startItemAnalysisTimer } from '../../src/modules/quiz/schedule-item-analysis.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config/app-config.ts';
import { InvalidEnvironmentError } from '../../src/platform/config/env.ts';
import { itemStats } from '../../src/platform/db/schema.ts';
import { createStudent } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
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

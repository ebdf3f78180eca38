import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_QUEUE_LIMIT } from '../../src/modules/content/reported-items.ts';
import { itemReports, users } from '../../src/platform/db/schema.ts';
import { createStaff, type TestUser } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { fixtureText } from './content-fixtures.ts';

// The queue lists the oldest REPORT_QUEUE_LIMIT open reports; its heading counted only those, so
// with more waiting it said "(200)". The answer carries the count of every open report.
describe.each(ENGINES)('the reported-items queue count on %s', (engine) => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    t = await startTestApp(engine);
    staff = await createStaff(t);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content/import',
      headers: { origin: t.origin, cookie: staff.cookie },
      payload: { fileName: 'small.json', text: fixtureText('small.json') },
    });
    expect(imported.json()).toMatchObject({ ok: true });
  });
  afterAll(() => t.close());

  const queue = async () =>
    (
      await t.app.inject({
        url: '/api/admin/content/reports',
        headers: { cookie: staff.cookie },
      })
    ).json();

  it('counts every open report, those past the listed oldest ones too', async () => {
    expect(await queue()).toEqual({ reports: [], total: 0 });

    // One student each: a student has one open report per item.
    const reporters = await t.app.database.db
      .insert(users)
      .values(
        Array.from({ length: REPORT_QUEUE_LIMIT + 1 }, (_, i) => ({
          email: `reporter-${i}@example.com`,
        })),
      )
      .returning({ id: users.id });
    await t.app.database.db
      .insert(itemReports)
      .values(reporters.map((r) => ({ questionId: 'fx-q1', userId: r.id, reason: 'Wrong key.' })));

    const full = await queue();
    expect(full.reports).toHaveLength(REPORT_QUEUE_LIMIT);
    expect(full.total).toBe(REPORT_QUEUE_LIMIT + 1);

    const cleared = await t.app.inject({
      method: 'POST',
      url: `/api/admin/content/reports/${full.reports[0].id}/clear`,
      headers: { origin: t.origin, cookie: staff.cookie },
      payload: {},
    });
    expect(cleared.statusCode).toBe(200);
    const after = await queue();
    expect([after.reports.length, after.total]).toEqual([REPORT_QUEUE_LIMIT, REPORT_QUEUE_LIMIT]);
  });
});

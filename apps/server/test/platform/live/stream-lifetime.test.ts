import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole, touchUser } from '../../../src/modules/users/repository.ts';
import { openLiveStream } from '../../helpers/live-stream.ts';
import { signedInUser, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { ENGINES } from '../../helpers/test-database.ts';

// A stream lives no longer than the right to watch it (docs/product.md#live-updates).
describe.each(ENGINES)('how long a live stream lives on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;

  it("staff whose admin role is taken away stop receiving other students' documents", async () => {
    const staff = await signedInUser(t);
    const student = await signedInUser(t);
    await setRole(db(), staff.userId, 'admin');
    const stream = await openLiveStream(t.url, staff.cookie, [`users/${student.userId}`]);
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor((e) => (e.data as { kind?: string }).kind === 'snapshot');

      await setRole(db(), staff.userId, 'student');
      await touchUser(db(), student.userId);
      const closed = await stream.waitFor((e) => e.event === 'closed');
      expect(closed.data).toEqual({ reason: 'not-allowed' });
      await stream.waitForEnd();
      expect(stream.events.filter((e) => (e.data as { kind?: string }).kind === 'change')).toEqual(
        [],
      );
      // And it cannot come back.
      expect((await openLiveStream(t.url, staff.cookie, [`users/${student.userId}`])).status).toBe(
        403,
      );
    } finally {
      stream.close();
    }
  });

  it('staff who keep the role keep the stream', async () => {
    const staff = await signedInUser(t);
    const student = await signedInUser(t);
    await setRole(db(), staff.userId, 'admin');
    const stream = await openLiveStream(t.url, staff.cookie, [`users/${student.userId}`]);
    try {
      await stream.waitFor((e) => (e.data as { kind?: string }).kind === 'snapshot');
      // A notice that rechecks the stream (the role set again), then a change it must get.
      await setRole(db(), staff.userId, 'admin');
      await touchUser(db(), student.userId);
      await stream.waitFor((e) => (e.data as { kind?: string }).kind === 'change');
      expect(stream.ended).toBe(false);
    } finally {
      stream.close();
    }
  });
});

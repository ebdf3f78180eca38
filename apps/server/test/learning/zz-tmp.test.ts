import { expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { MINUTE } from '../helpers/durations.ts';
import { callApi, signedInUser, startTestApp } from '../helpers/test-app.ts';
it('x', async () => {
  const clock = new ManualClock();
  const t = await startTestApp('pglite', {}, { clock });
  const { cookie } = await signedInUser(t);
  const out: string[] = [];
  for (const m of [20, 40, 60, 80, 100]) {
    clock.advance(20 * MINUTE);
    const r = await callApi(t, cookie, 'GET', '/api/me');
    out.push(`${m} ${r.statusCode}`);
  }
  await t.close();
  expect(out.join(',')).toBe('');
});

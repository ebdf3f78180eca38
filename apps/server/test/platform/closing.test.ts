import { afterAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.ts';
import { openLiveStream } from '../helpers/live-stream.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 21 finding 7: while the process shut down, requests got Fastify's own 503 body, with no
 * request id to quote and no Retry-After for the outbox. From the shutdown's first step (the
 * signal, or the app closing) every request gets our error body and both, readiness included.
 */
describe('a request reaching a server that is shutting down', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 with a request id and Retry-After, and readiness says so', async () => {
    t = await startTestApp('pglite');
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
    t.app.beginClosing();
    for (const path of ['/api/health', '/api/ready', '/api/me', '/quiz']) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toBe('5');
      expect(await res.json(), path).toEqual({
        error: {
          status: 'UNAVAILABLE',
          message: 'Pasado is restarting. Try again in a few seconds.',
        },
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
    }
  });

  // An open live stream is a request that never ends by itself: the server waited the whole grace
  // period for it, then exited with an error.
  it('ends open live streams as it starts closing, so it closes at once', async () => {
    const app = await startTestApp('pglite');
    const student = await createStudent(app);
    const stream = await openLiveStream(app.url, student.cookie, [`users/${student.userId}`]);
    await stream.waitFor((e) => (e.data as { kind: string }).kind === 'snapshot');
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    stream.close();
  });
});

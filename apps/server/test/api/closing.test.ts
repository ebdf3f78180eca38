import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 21 finding 7: while the process shut down, requests got Fastify's own 503 body, with no
 * request id to quote and no Retry-After for the outbox. From the shutdown's first step (the
 * signal, or the app closing) every request gets our error body and both, readiness included.
 */
describe('a request reaching a server that is shutting down', () => {
  let t: TestApp;
  afterAll(() => t.close());

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
});

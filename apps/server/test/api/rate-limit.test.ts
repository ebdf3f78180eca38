import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// The global limit guards the API per client address; the web app's static files are exempt, so a
// few students behind one carrier-grade NAT address loading pages never lock each other out.
describe('global rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('allows 1,200 API requests a minute per address, then answers 429; pages still load', async () => {
    const from = { remoteAddress: '203.0.113.7' };
    for (let i = 0; i < 1_200; i += 1) {
      const res = await t.app.inject({ url: '/api/health', ...from });
      expect(res.statusCode).toBe(200);
    }
    const refused = await t.app.inject({ url: '/api/health', ...from });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ status: 'RESOURCE_EXHAUSTED' });
    expect(refused.json().error.message).toMatch(/^Too many requests\. Try again in \d+ s\.$/);

    const page = await t.app.inject({ url: '/login', headers: { accept: 'text/html' }, ...from });
    expect(page.statusCode).not.toBe(429);
    // Another address is unaffected.
    const other = await t.app.inject({ url: '/api/health', remoteAddress: '203.0.113.8' });
    expect(other.statusCode).toBe(200);
  });
});

import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { attemptStateSchema } from '@pasado/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBundledContent } from '../../src/modules/content/seed-bundled-content.ts';
import { COMPRESS_MIN_BYTES } from '../../src/platform/compress-json.ts';
import { BUNDLED_BANKS_DIR } from '../../src/platform/paths.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

// A full LET Elementary mock, as students get it: the bundled bank.
const REVIEWER = 'let-elem';
const base = `/api/quiz/${REVIEWER}`;

describe.each(ENGINES)('large JSON answers on %s (issue 10)', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let attemptUrl: string;
  beforeAll(async () => {
    t = await startTestApp(engine);
    const dir = mkdtempSync(path.join(tmpdir(), 'pasado-let-elem-'));
    copyFileSync(path.join(BUNDLED_BANKS_DIR, 'let-elem.json'), path.join(dir, 'let-elem.json'));
    await seedBundledContent(t.app.database.db, { dir });
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    headers = { origin: t.origin, cookie };
    const started = await t.app.inject({ method: 'POST', url: `${base}/mock`, headers });
    attemptUrl = `${base}/attempts/${attemptStateSchema.parse(started.json()).attemptId}`;
  });
  afterAll(() => t.close());

  it('a mock attempt is gzipped when the browser takes gzip, the same JSON once inflated', async () => {
    const plain = await t.app.inject({ url: attemptUrl, headers });
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await t.app.inject({
      url: attemptUrl,
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const inflated = JSON.parse(gunzipSync(gzip.rawPayload).toString());
    // The attempt's own clock reading differs between two reads; everything else is the same.
    expect({ ...inflated, serverNow: null }).toEqual({ ...plain.json(), serverNow: null });

    const refused = await t.app.inject({
      url: attemptUrl,
      headers: { ...headers, 'accept-encoding': 'gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('a small answer goes as it is, whatever the browser takes', async () => {
    const me = await t.app.inject({
      url: '/api/me',
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(me.headers['content-encoding']).toBeUndefined();
  });
});

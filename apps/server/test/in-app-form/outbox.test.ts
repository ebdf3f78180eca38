import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_EMAIL_SUBJECT } from '../../src/modules/in-app-form/trial-email.ts';
import { devMailRoutes } from '../../src/platform/mail/dev-mail-page.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { parseMail } from './smtp-sink.ts';

describe('in-app form mail without SMTP_URL: the development outbox', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pasado-outbox-'));
    t = await startTestApp('pglite', { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const submit = (firstName: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/functions/submitInAppForm',
      headers: { origin: t.origin },
      payload: { data: { firstName, lastName: 'Reyes', email } },
    });

  it('writes the .eml under DATA_DIR/outbox and lists it on /dev/mail, newest first', async () => {
    expect((await submit('Ana', 'ana@example.com')).json().result.isSuccess).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await submit('Ben', 'ben@example.com')).json().result.isSuccess).toBe(true);

    const files = (await readdir(path.join(dataDir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);

    const page = await t.app.inject({ url: '/dev/mail', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(TRIAL_EMAIL_SUBJECT);
    const ben = page.body.indexOf('ben@example.com');
    const ana = page.body.indexOf('ana@example.com');
    expect(ben).toBeGreaterThan(-1);
    expect(ana).toBeGreaterThan(ben);

    const latest = files.at(-1) ?? '';
    const raw = await t.app.inject({ url: `/dev/mail/${latest}` });
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toContain('To: ben@example.com');
    // APP_DOWNLOAD_URL defaults to the app's own /login.
    expect(parseMail(raw.body).text).toContain(`href="${t.url}/login"`);

    expect((await t.app.inject({ url: '/dev/mail/..%2Fpglite' })).statusCode).toBe(404);
  });

  it('is not served in production', async () => {
    const app = Fastify();
    await app.register(devMailRoutes, {
      outboxDir: path.join(dataDir, 'outbox'),
      production: true,
    });
    expect((await app.inject({ url: '/dev/mail' })).statusCode).toBe(404);
    await app.close();
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import { ATTACHMENT_MAX_BYTES, MESSAGES } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../src/platform/db/schema.ts';
import { createStudent } from '../helpers/factories.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import {
  makeStaff,
  pngBytes,
  tempDataDir,
  uploadScreenshot,
} from '../subscriptions/purchase-helpers.ts';

describe.each(ENGINES)('payment screenshot uploads on %s', (engine) => {
  let t: TestApp;
  const dataDir = tempDataDir();
  beforeAll(async () => {
    t = await startTestApp(engine, { DATA_DIR: dataDir });
  });
  afterAll(() => t.close());

  const uploadRows = (ownerUserId: string) =>
    t.app.database.db.select().from(uploads).where(eq(uploads.ownerUserId, ownerUserId));

  it('stores the image at images/paymentScreenshots/{timestamp}_{filename}, owned by the uploader', async () => {
    const user = await createStudent(t);
    const bytes = pngBytes();
    const before = Date.now();
    const res = await uploadScreenshot(t, user.cookie, bytes, { name: '../My GCash receipt!.png' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.path).toMatch(/^images\/paymentScreenshots\/(\d+)_My_GCash_receipt_.png$/);
    const timestamp = Number(body.path.split('/')[2].split('_')[0]);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(body.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(body.url).toBe(`/api/files/${body.path}`);
    expect((await t.app.storage.get(body.path))?.equals(bytes)).toBe(true);
    // The embedded default keeps files on disk; PostgreSQL keeps them in the database.
    const onDisk = path.join(dataDir, 'storage', body.path);
    expect(existsSync(onDisk)).toBe(engine === 'pglite');
    expect(await uploadRows(user.userId)).toMatchObject([
      { path: body.path, sha256: body.sha256, contentType: 'image/png', sizeBytes: bytes.length },
    ]);
  });

  it('refuses a file over 5 MB with 413 and stores nothing', async () => {
    const user = await createStudent(t);
    const res = await uploadScreenshot(t, user.cookie, pngBytes(ATTACHMENT_MAX_BYTES + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(MESSAGES.FILE_TOO_LARGE);
    expect(await uploadRows(user.userId)).toEqual([]);
  });

  it('accepts exactly 5 MB', async () => {
    const user = await createStudent(t);
    const res = await uploadScreenshot(t, user.cookie, pngBytes(ATTACHMENT_MAX_BYTES));
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['a text file', 'text/plain', Buffer.from('hello')],
    ['JSON', 'application/json', Buffer.from('{"a":1}')],
    ['bytes that are not an image, labelled image/png', 'image/png', Buffer.from('<svg></svg>')],
    ['an SVG', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a PNG labelled as a PDF', 'application/pdf', pngBytes()],
  ])('refuses %s with 400 and the images-only message', async (_label, type, body) => {
    const user = await createStudent(t);
    const res = await uploadScreenshot(t, user.cookie, body, { type });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ status: 'INVALID_ARGUMENT', message: MESSAGES.IMAGES_ONLY });
    expect(await uploadRows(user.userId)).toEqual([]);
  });

  it('refuses an empty body with the missing-file message', async () => {
    const user = await createStudent(t);
    const res = await uploadScreenshot(t, user.cookie, Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.MISSING_UPLOAD_FILE);
    expect(await uploadRows(user.userId)).toEqual([]);
  });

  it('refuses an upload without a session or from another origin', async () => {
    const anonymous = await uploadScreenshot(t, null, pngBytes());
    expect(anonymous.statusCode).toBe(401);
    const user = await createStudent(t);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/payment-screenshot',
      headers: { cookie: user.cookie, origin: 'https://evil.example', 'content-type': 'image/png' },
      payload: pngBytes(),
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await uploadRows(user.userId)).toEqual([]);
  });

  it('serves a file to its owner and to staff only', async () => {
    const owner = await createStudent(t);
    const other = await createStudent(t);
    const staff = await makeStaff(t);
    const bytes = pngBytes();
    const { url } = (await uploadScreenshot(t, owner.cookie, bytes)).json();

    const asOwner = await t.app.inject({ url, headers: { cookie: owner.cookie } });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.headers['content-type']).toBe('image/png');
    expect(asOwner.headers['x-content-type-options']).toBe('nosniff');
    expect(asOwner.rawPayload.equals(bytes)).toBe(true);

    const asStaff = await t.app.inject({ url, headers: { cookie: staff.cookie } });
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.rawPayload.equals(bytes)).toBe(true);

    const asOther = await t.app.inject({ url, headers: { cookie: other.cookie } });
    expect(asOther.statusCode).toBe(403);
    expect(asOther.json().error.status).toBe('PERMISSION_DENIED');

    const anonymous = await t.app.inject({ url });
    expect(anonymous.statusCode).toBe(401);
  });

  // Issue 21 finding 7: a 5 MB screenshot on flaky data could not resume, and had no ETag.
  it('serves a file with a strong ETag, conditional GET and one byte range', async () => {
    const user = await createStudent(t);
    // Three of the database's 256 KB chunks, so a range crosses a chunk's edge.
    const bytes = pngBytes(700_000);
    const uploaded = (await uploadScreenshot(t, user.cookie, bytes)).json();
    const get = (headers: Record<string, string> = {}) =>
      t.app.inject({ url: uploaded.url, headers: { cookie: user.cookie, ...headers } });

    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers.etag).toBe(`"${uploaded.sha256}"`);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    expect((await get({ 'if-none-match': `"${uploaded.sha256}"` })).statusCode).toBe(304);

    const from = 262_000;
    const part = await get({ range: `bytes=${from}-` });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${from}-${bytes.length - 1}/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(from))).toBe(true);

    const middle = await get({ range: 'bytes=260000-530000' });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(bytes.subarray(260_000, 530_001))).toBe(true);

    const tail = await get({ range: 'bytes=-100' });
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 100))).toBe(true);

    // The file changed since (If-Range no longer matches): the whole file, not a piece of it.
    const stale = await get({ range: `bytes=${from}-`, 'if-range': '"old"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(bytes.length);

    const past = await get({ range: `bytes=${bytes.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('answers 404 for an unknown file and never reads outside storage', async () => {
    const user = await createStudent(t);
    for (const url of [
      '/api/files/images/paymentScreenshots/1_nothing.png',
      '/api/files/../../package.json',
      '/api/files/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await t.app.inject({ url, headers: { cookie: user.cookie } });
      expect(res.statusCode, url).toBe(404);
    }
    if (engine === 'pglite') expect(existsSync(path.join(dataDir, 'storage'))).toBe(true);
  });

  it('stores the file under the extension its bytes show; the device name is metadata only', async () => {
    const user = await createStudent(t);
    for (const [name, stored] of [
      ['poly.html', 'poly\\.png'],
      ['x.svg', 'x\\.png'],
      ['resume.exe', 'resume\\.png'],
    ] as const) {
      const res = await uploadScreenshot(t, user.cookie, pngBytes(), { name });
      expect(res.statusCode).toBe(201);
      expect(res.json().path).toMatch(new RegExp(`^images/paymentScreenshots/\\d+_${stored}$`));
      const [row] = await t.app.database.db
        .select()
        .from(uploads)
        .where(eq(uploads.path, res.json().path));
      expect(row).toMatchObject({ originalName: name, contentType: 'image/png' });
      const served = await t.app.inject({ url: res.json().url, headers: { cookie: user.cookie } });
      expect(served.headers['content-type']).toBe('image/png');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/platform/config/app-config.ts';
import { type Database, openDatabase } from '../../src/platform/db/client.ts';
import { openLiveStream } from '../helpers/live-stream.ts';
import { freePort, signedInUser, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import {
  makeStaff,
  pngBytes,
  purchaseInput,
  setStatus,
  subscribe,
  tempDataDir,
  uploadScreenshot,
} from '../subscriptions/purchase-helpers.ts';

/**
 * Two app instances on one PostgreSQL, as two hosts behind a load balancer (issue 9, finding 13):
 * each has its own DATA_DIR, so a file served by the other one can only have come from the
 * database; a staff action through one reaches a student's stream held by the other.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL', () => {
  let testDb: TestDatabase;
  let secondDb: Database;
  let a: TestApp;
  let b: TestApp;

  async function instance(database: Database): Promise<TestApp> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const app = await buildApp(
      loadConfig({ NODE_ENV: 'test', PUBLIC_URL: url, DATA_DIR: tempDataDir() }),
      { database },
    );
    await app.listen({ port, host: '127.0.0.1' });
    return { app, url, origin: url, testDb, close: () => app.close() };
  }

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    secondDb = await openDatabase({ engine: 'postgres', url: testDb.url ?? '', poolSize: 3 });
    a = await instance(testDb.database);
    b = await instance(secondDb);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await secondDb?.close();
    await testDb?.drop();
  });

  it('serves through one instance the screenshot uploaded through the other', async () => {
    const student = await signedInUser(a);
    const bytes = pngBytes(700_000);
    const uploaded = await uploadScreenshot(a, student.cookie, bytes);
    expect(uploaded.statusCode).toBe(201);
    const served = await b.app.inject({
      url: uploaded.json().url,
      headers: { cookie: student.cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('a staff approval through one instance reaches the student’s stream on the other', async () => {
    const staff = await makeStaff(a);
    const student = await signedInUser(a);
    const bought = await subscribe(a, student.cookie, purchaseInput());
    expect(bought.statusCode).toBe(200);
    const subId = bought.json().result.subscriptionId as string;

    const stream = await openLiveStream(b.url, student.cookie, [`subscriptions/${subId}`]);
    try {
      await stream.waitFor((e) => (e.data as { kind: string }).kind === 'snapshot');
      expect((await setStatus(a, staff, student, subId, 'approved')).statusCode).toBe(200);
      await stream.waitFor(
        (e) =>
          (e.data as { kind: string }).kind === 'change' &&
          (e.data as { data: { status: string } }).data.status === 'approved',
        10_000,
      );
    } finally {
      stream.close();
    }
  });
});

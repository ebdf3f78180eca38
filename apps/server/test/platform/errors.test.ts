import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/platform/config/app-config.ts';
import { createStudent } from '../helpers/factories.ts';
import { callFunction, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/test-database.ts';

const ORIGIN = 'http://127.0.0.1:8080';
const UNSAFE = 'Text must not contain NUL characters or unpaired surrogates.';

describe.each(ENGINES)('clean failures on %s', (engine) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let t: TestApp;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp(
      loadConfig({ NODE_ENV: 'test', PUBLIC_URL: ORIGIN, DATA_DIR: '.test-data' }),
      { database: testDb.database, logger: { level: 'info', stream } },
    );
    t = { app, url: ORIGIN, origin: ORIGIN, testDb, close: async () => {} };
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('writes one line per request, after the reply, with its id, method, URL, status and time', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const reqId = lines.at(-1)?.reqId;
    const mine = lines.filter((line) => line.reqId === reqId);
    // Issue 10 item 6: Fastify's two lines ("incoming request", "request completed") are one.
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/health',
      statusCode: 200,
    });
    expect(typeof mine[0]?.ms).toBe('number');
  });

  it('every error body carries a request id that is on the log line, without a stack for 4xx', async () => {
    const res = await app.inject({ url: '/api/me' });
    expect(res.statusCode).toBe(401);
    const { requestId } = res.json();
    expect(requestId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const logged = lines.filter((line) => line.reqId === requestId);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.some((line) => line.msg === 'Sign in to continue.')).toBe(true);
    expect(logged.some((line) => 'err' in line || 'stack' in line)).toBe(false);
    // Ids are not guessable counters.
    const again = (await app.inject({ url: '/api/me' })).json().requestId;
    expect(again).not.toBe(requestId);
  });

  it('refuses a NUL or a lone surrogate in a body, a query string or a path with 400, writing nothing', async () => {
    const student = await createStudent(t);
    const cases = [
      callFunction(t, student.cookie, 'addSessionLog', { type: 'a\u0000b' }),
      callFunction(t, student.cookie, 'addSessionLog', { type: 'ok', payload: { x: '\uD800' } }),
      callFunction(t, null, 'submitInAppForm', {
        firstName: 'Ana\u0000',
        lastName: 'Cruz',
        email: 'ana@example.com',
      }),
      app.inject({ url: '/api/files/%00', headers: { cookie: student.cookie } }),
      app.inject({ url: '/api/leaderboard?scope=%00', headers: { cookie: student.cookie } }),
      app.inject({ url: '/api/me?x=%00', headers: { cookie: student.cookie } }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.status).toBe('INVALID_ARGUMENT');
      expect(res.json().error.message).toContain(UNSAFE);
    }
  });

  it('a callable without a payload takes {"data": null}, {} and no data alike', async () => {
    const student = await createStudent(t);
    for (const payload of [{ data: null }, { data: {} }, {}]) {
      const visit = await app.inject({
        method: 'POST',
        url: '/api/functions/incrementInAppFormVisit',
        headers: { origin: ORIGIN },
        payload,
      });
      expect(visit.statusCode, visit.body).toBe(200);
      const time = await app.inject({
        method: 'POST',
        url: '/api/functions/getServerTime',
        headers: { origin: ORIGIN, cookie: student.cookie },
        payload,
      });
      expect(time.statusCode, time.body).toBe(200);
    }
  });

  it('answers readiness from the database', async () => {
    expect((await app.inject({ url: '/api/health/ready' })).json()).toEqual({ ok: true });
  });
});

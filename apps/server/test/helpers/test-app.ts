import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { signIn } from '../../src/modules/auth/service.ts';
import { hashToken } from '../../src/modules/auth/sessions.repository.ts';
import type { Clock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config/app-config.ts';
import { createTestDatabase, type Engine, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  url: string;
  origin: string;
  testDb: TestDatabase;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The whole server on a fresh database, listening on a free port (the development identity
 * provider is reached over real HTTP, as a browser would).
 */
export async function startTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<TestApp> {
  return listenOn(await createTestDatabase(engine), env, options);
}

/**
 * Builds the app over `testDb` and starts it on a free port; closing it drops the database. The
 * port is found before the app is built (its public URL names it), so another process can take it
 * in between (a CI run once failed a browser file on EADDRINUSE): then it is tried on another.
 */
async function listenOn(
  testDb: TestApp['testDb'],
  env: Record<string, string>,
  options: { clock?: Clock },
): Promise<TestApp> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await listenOnce(testDb, env, options);
    } catch (error) {
      const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!taken || attempt >= 3) throw error;
    }
  }
}

async function listenOnce(
  testDb: TestApp['testDb'],
  env: Record<string, string>,
  options: { clock?: Clock },
): Promise<TestApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Its own folder for files and mail, so apps of test files running side by side never see
  // each other's outbox or uploads.
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'pasado-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    // Lets a build other than apps/web/dist be served (parallel work building side by side).
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    ...env,
  });
  const app = await buildApp(config, { database: testDb.database, clock: options.clock });
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    if (env.DATA_DIR === undefined) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    url,
    origin: url,
    testDb,
    async close() {
      await app.close();
      await testDb.drop();
      if (env.DATA_DIR === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** Signs a user in directly (the OIDC flow itself has its own tests) and returns the cookie. */
export async function signedInUser(
  testApp: TestApp,
  input: { email?: string; deviceId?: string; ttlMs?: number } = {},
): Promise<{ userId: string; cookie: string; deviceId: string; email: string }> {
  counter += 1;
  const email = input.email ?? `student${counter}-${Date.now()}@example.com`;
  const deviceId = input.deviceId ?? `device-${counter}-${Date.now()}`;
  const { userId, token } = await signIn(testApp.app.database.db, {
    identity: {
      issuer: 'https://issuer.test',
      subject: `sub-${email}`,
      email,
      emailVerified: true,
      name: null,
    },
    deviceId,
    deviceInfo: 'vitest',
    ttlMs: input.ttlMs ?? 60 * 60 * 1000,
    // The app's clock: a test that moves a ManualClock moves this session's age with it.
    now: testApp.app.clock.now(),
  });
  return { userId, cookie: `pasado_session=${token}`, deviceId, email };
}

/** Calls a server function as a browser on our origin would. */
export function callFunction(testApp: TestApp, cookie: string | null, name: string, data: unknown) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/functions/${name}`,
    headers: { origin: testApp.origin, ...(cookie ? { cookie } : {}) },
    payload: { data },
  });
}

/**
 * A server restart: closes the app (its database stays, as it would on disk) and starts a new app
 * instance, with a fresh config and port, on that same database.
 */
export async function restartTestApp(
  previous: TestApp,
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<TestApp> {
  await previous.app.close();
  return listenOn(previous.testDb, env, options);
}

export type ApiMethod = 'GET' | 'POST' | 'PUT';

/** A request to the API as the web app sends it: same origin, the student's cookie, a JSON body. */
export function callApi(
  testApp: TestApp,
  cookie: string | null,
  method: ApiMethod,
  url: string,
  payload?: unknown,
) {
  return testApp.app.inject({
    method,
    url,
    headers: { origin: testApp.origin, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/**
 * What a direct call to an answer save carries for this cookie's session (`sentWithOf`'s `session`), with
 * no idle bound: the tests' clocks jump.
 */
export function sessionCheck(cookie: string): { tokenHash: string; idleSince: Date } {
  return { tokenHash: hashToken(cookie.replace(/^pasado_session=/, '')), idleSince: new Date(0) };
}

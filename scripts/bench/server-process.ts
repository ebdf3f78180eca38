// The server for the benchmarks, in its own process: a fresh database (PGlite in memory, or
// DATABASE_URL), rate limits raised out of the way, and one onboarded student. BENCH_LOG_LEVEL
// (e.g. info) turns on the production logger, writing to /dev/null, to measure what logging costs.
import { createWriteStream } from 'node:fs';
import { buildApp } from '../../apps/server/src/app.ts';
import { signIn } from '../../apps/server/src/modules/auth/service.ts';
import { touchUser } from '../../apps/server/src/modules/users/repository.ts';
import { openDatabase } from '../../apps/server/src/platform/db/client.ts';
import { localServerConfig } from '../local-server-config.ts';

const { port, url, config } = await localServerConfig();
const database = await openDatabase(
  process.env.DATABASE_URL ? config.database : { engine: 'pglite', dataDir: null },
);
const logLevel = process.env.BENCH_LOG_LEVEL;
const app = await buildApp(config, {
  database,
  logger: logLevel
    ? {
        level: logLevel,
        redact: ['req.headers.cookie', 'req.headers.authorization'],
        stream: createWriteStream('/dev/null'),
      }
    : false,
});
await app.listen({ port, host: '127.0.0.1' });
const { token, userId } = await signIn(database.db, {
  identity: {
    issuer: 'https://bench.test',
    subject: 'bench',
    email: 'bench@example.com',
    name: 'Bench',
  },
  deviceId: 'device-bench',
  deviceInfo: 'bench',
  ttlMs: 3_600_000,
  now: new Date(),
});
process.send?.({ url, cookie: `pasado_session=${token}`, userId });

process.on('message', async (message: { type: string }) => {
  if (message.type === 'memory') {
    // Settle garbage first, so the figure is what the connections hold.
    for (let i = 0; i < 3; i += 1) globalThis.gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    process.send?.({ heapUsed, rss, connections: app.liveHub.size });
  } else if (message.type === 'touch') {
    await database.db.transaction((tx) => touchUser(tx, userId));
    process.send?.({ done: true });
  }
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});

// The server the Lighthouse audit measures, in its own process so its work never competes with
// the audit's own JavaScript: a fresh PGlite data directory, the bundled banks, the development
// identity provider (so a student can sign in through the real popup), and no rate limits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { seedBundledContent } from '../../apps/server/src/modules/content/seed-bundled-content.ts';
import { loadConfig } from '../../apps/server/src/platform/config/app-config.ts';
import { openDatabase } from '../../apps/server/src/platform/db/client.ts';
import { freePort } from '../../apps/server/test/helpers/test-app.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pasado-audit-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(port),
  PUBLIC_URL: url,
  DATA_DIR: dataDir,
  RATE_LIMITS: 'off',
});
const database = await openDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pglite') });
const app = await buildApp(config, { database });
await seedBundledContent(database.db);
await app.listen({ port, host: '127.0.0.1' });
process.send?.({ url });

function stop() {
  void app
    .close()
    .then(() => database.close())
    .finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
}
process.on('SIGTERM', stop);
process.on('disconnect', stop);

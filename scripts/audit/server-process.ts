// The server the Lighthouse audit measures, in its own process so its work never competes with
// the audit's own JavaScript: a fresh PGlite data directory, the bundled banks, the development
// identity provider (so a student can sign in through the real popup), and no rate limits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { seedBundledContent } from '../../apps/server/src/modules/content/seed-bundled-content.ts';
import { openDatabase } from '../../apps/server/src/platform/db/client.ts';
import { localServerConfig } from '../local-server-config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pasado-audit-'));
const { port, url, config } = await localServerConfig({ DATA_DIR: dataDir });
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

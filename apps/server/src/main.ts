import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { seedBundledContent } from './modules/content/seed-bundled-content.ts';
import { scheduleOrphanSweep } from './modules/uploads/schedule-orphan-sweep.ts';
import { type AppConfig, loadConfig } from './platform/config/app-config.ts';
import { InvalidEnvironmentError } from './platform/config/env.ts';
import { EmbeddedDatabaseInUseError } from './platform/db/pglite-owner.ts';

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config, {
      logger: {
        level: config.logLevel,
        redact: ['req.headers.cookie', 'req.headers.authorization'],
      },
    });
  } catch (error) {
    // Another process (a second server, an admin command) owns the embedded database.
    if (error instanceof EmbeddedDatabaseInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The question banks shipped in content/bank: imported when new or changed, skipped otherwise.
  await seedBundledContent(app.database.db, { log: app.log });
  // Images uploaded but never used by a purchase or a message go after 24 h.
  scheduleOrphanSweep(app);

  // Finish in-flight requests and close the database before exiting (SIGTERM from the platform).
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error');
    else app.log.info({ signal }, 'closing');
    await app.close();
  });

  await app.listen(config.listen);
  app.log.info(
    { url: config.publicUrl, database: config.database.engine, signIn: config.oidc.kind },
    `Pasado is ready on ${config.publicUrl}`,
  );
}

await main();

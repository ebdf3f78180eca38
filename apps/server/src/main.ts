import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { scheduleOrphanSweep } from './jobs/schedule-orphan-sweep.ts';
import { scheduleSessionLogSweep } from './modules/auth/schedule-session-log-sweep.ts';
import { seedBundledContent } from './modules/content/seed-bundled-content.ts';
import { scheduleCountFolding } from './modules/leaderboard/schedule-count-folding.ts';
import { scheduleItemAnalysis } from './modules/quiz/schedule-item-analysis.ts';
import { scheduleScreenshotReading } from './modules/subscriptions/schedule-screenshot-reading.ts';
import { loadConfig } from './platform/config/app-config.ts';
import { startUp } from './platform/start-up.ts';

async function main() {
  const started = await startUp(async () => {
    const config = loadConfig();
    const app = await buildApp(config, {
      logger: {
        level: config.logLevel,
        redact: ['req.headers.cookie', 'req.headers.authorization'],
      },
    });
    return { config, app };
  });
  if (!started.ok) process.exit(started.exitCode);
  const { config, app } = started.value;

  // The question banks shipped in content/bank: imported when new or changed, skipped otherwise.
  await seedBundledContent(app.database.db, { log: app.log });
  // Images uploaded but never used by a purchase or a message go after 24 h.
  scheduleOrphanSweep(app);
  // Item statistics and analysis flags for staff (ITEM_ANALYSIS_EVERY_MINUTES, hourly by default).
  scheduleItemAnalysis(app);
  // Session logs are kept 90 days (issue 21 finding 5).
  scheduleSessionLogSweep(app);
  // Leaderboard count changes folded into the rank counts every second (ADR 039).
  scheduleCountFolding(app);
  // Payment screenshots read by OCR in a worker thread, queued in the database (issue 26 item 3).
  scheduleScreenshotReading(app);

  // Finish in-flight requests and close the database before exiting (SIGTERM from the platform).
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error');
    else app.log.info({ signal }, 'closing');
    // From now on every request is answered 503 with Retry-After (readiness too), while what is
    // in flight finishes.
    app.beginClosing();
    await app.close();
  });

  await app.listen(config.listen);
  app.log.info(
    { url: config.publicUrl, database: config.database.engine, signIn: config.oidc.kind },
    `Pasado is ready on ${config.publicUrl}`,
  );
}

await main();

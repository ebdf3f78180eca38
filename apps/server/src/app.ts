import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { chosenReviewer } from '@pasado/core';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { adminRoutes } from './admin-scope.ts';
import { functionRoutes } from './callables/routes.ts';
import { userTopic } from './modules/account/profile.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { registerDevIdentityProvider } from './modules/auth/oidc/dev-provider.ts';
import { createRelyingParty } from './modules/auth/oidc/relying-party.ts';
import { publicAuthRoutes, sessionAuthRoutes } from './modules/auth/routes.ts';
import { loginDevicesTopic } from './modules/auth/service.ts';
import {
  loadSession,
  noSessionError,
  SESSION_COOKIE,
  takeSessionEnd,
} from './modules/auth/session-plugin.ts';
import { sessionState } from './modules/auth/sessions.repository.ts';
import { listStudentReviewers } from './modules/content/reviewers.ts';
import { reviewerRoutes } from './modules/content/routes.ts';
import { inAppFormRoutes } from './modules/in-app-form/routes.ts';
import { leaderboardRoutes } from './modules/leaderboard/routes.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { progressRoutes } from './modules/progress/routes.ts';
import { analyticsRoutes } from './modules/quiz/analytics-routes.ts';
import { settleRanOutMocks } from './modules/quiz/finish-attempt.ts';
import { quizRoutes } from './modules/quiz/routes.ts';
import { countCardsToday } from './modules/study/cards.read-model.ts';
import { studyRoutes } from './modules/study/routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { subscriptionTopic } from './modules/subscriptions/subscriptions.service.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { findUserById } from './modules/users/repository.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { compressLargeJson } from './platform/compress-json.ts';
import type { AppConfig } from './platform/config/app-config.ts';
import { type Database, openDatabase } from './platform/db/client.ts';
import { LiveHub } from './platform/live/hub.ts';
import { liveRoutes } from './platform/live/routes.ts';
import { devMailRoutes } from './platform/mail/dev-mail-page.ts';
import { outboxDir } from './platform/mail/mailer.ts';
import { registerClosingAnswer } from './platform/plugins/closing.ts';
import { OUTAGE_RETRY_AFTER_S, registerErrorHandler } from './platform/plugins/error-handler.ts';
import { registerSafeTextCheck } from './platform/plugins/input-text.ts';
import { registerRequestLog } from './platform/plugins/request-log.ts';
import {
  assertSameOrigin,
  registerRateLimits,
  registerSecurityHeaders,
} from './platform/plugins/security.ts';
import { webAppRoutes } from './platform/plugins/web-app.ts';
import type { FileStorage } from './platform/storage/file-storage.ts';
import { storageFor } from './platform/storage/storage-for.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    liveHub: LiveHub;
    /** Every request and job reads time here (platform/clock.ts). */
    clock: Clock;
    /** Uploaded files: PostgreSQL when the app runs on it, local disk otherwise. */
    storage: FileStorage;
  }
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Tests pass an already-open database; otherwise the config's is opened (and closed with the app). */
  database?: Database;
  /** Tests pass a ManualClock to move time instead of sleeping. */
  clock?: Clock;
}

/** Composes the whole product: infrastructure plugins, then the API, then the web app. */
/** `/api/learning/…` (the quiz API's old prefix) as `/api/quiz/…`; any other URL unchanged. */
export function quizPathOf(url: string): string {
  return url.startsWith('/api/learning/') ? `/api/quiz/${url.slice('/api/learning/'.length)}` : url;
}

export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // Random ids, not the client's header and not a per-process counter: an id a student quotes
    // to support finds one log line across every instance and restart. randomUUID draws from a
    // pooled buffer: a system call per request cost ~3 % of a save's CPU here (issue 10).
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    logger: options.logger ?? false,
    // registerRequestLog writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 75_000,
    // Our own 503 while closing (platform/plugins/closing.ts), with a request id and Retry-After.
    return503OnClosing: false,
    // The quiz API was /api/learning until issue 22 named it after its module; a phone's outbox may
    // still hold writes to the old path, so it is read as the new one.
    rewriteUrl: (request) => quizPathOf(request.url ?? '/'),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerClosingAnswer(app);
  registerRequestLog(app);
  registerSafeTextCheck(app);

  const database = options.database ?? (await openDatabase(config.database));
  const clock = options.clock ?? systemClock;
  // The documents a client may watch, each read by the module that owns it.
  const liveHub = new LiveHub(database, app.log, {
    topics: {
      users: userTopic,
      subscriptions: subscriptionTopic,
      login_devices: loginDevicesTopic,
    },
    sessionState: (db, tokenHash, now) => sessionState(db, tokenHash, now, config.sessionIdleMs),
    roleOf: async (db, userId) => (await findUserById(db, userId))?.role ?? null,
    clock,
  });
  await liveHub.start();
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('liveHub', liveHub);
  app.decorate('clock', clock);
  app.decorate('storage', storageFor(database, config.dataDir));
  app.decorateRequest('session', null);
  app.addHook('preClose', async () => liveHub.endStreams());
  app.addHook('onClose', async () => {
    await liveHub.stop();
    if (!options.database) await database.close();
  });

  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(formbody);
  const issuerOrigin = new URL(config.oidc.issuer).origin;
  await registerSecurityHeaders(
    app,
    issuerOrigin === new URL(config.publicUrl).origin ? [] : [issuerOrigin],
  );
  if (config.rateLimits) await registerRateLimits(app);

  const redirectUri = `${config.publicUrl}/api/auth/callback`;
  if (config.oidc.kind === 'development') {
    await registerDevIdentityProvider(app, {
      issuer: config.oidc.issuer,
      clients: [
        {
          clientId: config.oidc.clientId,
          clientSecret: config.oidc.clientSecret,
          redirectUris: [redirectUri],
        },
      ],
      cookieKeys: [config.sessionSecret],
    });
  }
  const relyingParty = createRelyingParty({
    issuer: config.oidc.issuer,
    clientId: config.oidc.clientId,
    clientSecret: config.oidc.clientSecret,
    redirectUri,
    allowInsecureHttp: !config.production && config.oidc.issuer.startsWith('http:'),
  });

  const allowedOrigins = new Set([new URL(config.publicUrl).origin]);
  const secureCookies = config.publicUrl.startsWith('https:');

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => assertSameOrigin(request, allowedOrigins));
      api.addHook('onSend', compressLargeJson);
      // Liveness: the process answers. Readiness: it can reach its database (a load balancer sends
      // no traffic to an instance that cannot serve it).
      api.get('/health', async () => ({ ok: true }));
      api.get('/health/ready', async (_request, reply) => {
        try {
          await database.ping();
          return { ok: true };
        } catch {
          reply.header('retry-after', String(OUTAGE_RETRY_AFTER_S));
          return reply.status(503).send({ ok: false });
        }
      });
      await api.register(publicAuthRoutes, {
        prefix: '/auth',
        relyingParty,
        secureCookies,
        sessionTtlMs: config.sessionTtlMs,
      });
      // The in-app free-trial form is for people without an account (docs/product.md#screens; ADR 005).
      await api.register(inAppFormRoutes);
      // Deny by default: everything else under /api needs a live session.
      await api.register(async (authed) => {
        authed.addHook('onRequest', async (request, reply) => {
          await loadSession(request, reply, database.db);
          if (request.session) return;
          if (request.routeOptions.config.tellsSessionEnd === 'in its answer') return;
          throw noSessionError(request, reply);
        });
        await authed.register(sessionAuthRoutes);
        await authed.register(accountRoutes);
        await authed.register(subscriptionRoutes);
        await authed.register(reviewerRoutes);
        await authed.register(uploadRoutes);
        await authed.register(functionRoutes);
        await authed.register(liveRoutes, {
          viewerOf: (request) => request.session,
          // 'signed-out' stands for every other end (signed out, expired, no session at all): the
          // app then reads its claims, gets a 401 and goes to /login.
          sessionEndOf: (request, reply) => takeSessionEnd(request, reply) ?? 'signed-out',
        });
        // Quiz home's Today list counts flash cards, which the study module (above quiz) reads.
        await authed.register(quizRoutes, { prefix: '/quiz', cardsToday: countCardsToday });
        await authed.register(studyRoutes, { prefix: '/study' });
        // Tasks reads the streak, which a mock that ran out unseen (quiz, above progress) counts.
        await authed.register(progressRoutes, { prefix: '/progress', settleRanOutMocks });
        await authed.register(leaderboardRoutes, { prefix: '/leaderboard' });
        await authed.register(analyticsRoutes, { prefix: '/analytics' });
        await authed.register(messageRoutes);
        await authed.register(adminRoutes, { prefix: '/admin' });
      });
    },
    { prefix: '/api' },
  );

  await app.register(devMailRoutes, {
    outboxDir: outboxDir(config.dataDir),
    production: config.production,
  });
  await app.register(webAppRoutes, {
    distDir: config.webDistDir,
    sessionCookie: SESSION_COOKIE,
    reviewerOpened: async (request, reply) => {
      await loadSession(request, reply, database.db);
      if (!request.session) return null;
      // The web app's `?reviewer=` (apps/web/src/lib/reviewer-param.ts).
      const wanted = new URLSearchParams(request.url.split('?')[1] ?? '').get('reviewer');
      const granted = await listStudentReviewers(database.db, request.session.userId);
      return chosenReviewer(granted, wanted)?.shorthand ?? null;
    },
  });
  return app;
}

import type { FastifyInstance } from 'fastify';
import { adminContentRoutes } from './modules/content/admin-routes.ts';
import { adminSeasonsRoutes } from './modules/leaderboard/admin-routes.ts';
import { adminMessagesRoutes } from './modules/messages/admin-routes.ts';
import { adminFairPlayRoutes, adminReadinessRoutes } from './modules/progress/admin-routes.ts';
import { adminItemAnalysisRoutes } from './modules/quiz/admin-routes.ts';
import { adminPaymentsRoutes } from './modules/subscriptions/admin-routes.ts';
import { permissionDenied } from './platform/errors/app-error.ts';
import { requireSession } from './platform/session.ts';

/** The staff console's API (docs/product.md#staff): every route under /api/admin is for role admin only. */
export async function adminRoutes(app: FastifyInstance) {
  // onRequest, before body and query validation: a student learns nothing from a 400.
  app.addHook('onRequest', async (request) => {
    if (requireSession(request).role !== 'admin') throw permissionDenied();
  });
  // Staff read what is current; nothing here may be cached by the browser or a proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  await app.register(adminPaymentsRoutes, { prefix: '/payments' });
  await app.register(adminMessagesRoutes, { prefix: '/messages' });
  await app.register(adminContentRoutes, { prefix: '/content' });
  await app.register(adminItemAnalysisRoutes, { prefix: '/content' });
  await app.register(adminSeasonsRoutes, { prefix: '/seasons' });
  await app.register(adminFairPlayRoutes, { prefix: '/fair-play' });
  await app.register(adminReadinessRoutes, { prefix: '/readiness' });
}

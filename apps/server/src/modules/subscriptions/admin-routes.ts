import {
  recentAuditQuerySchema,
  recentAuditResponseSchema,
  reviewActionBodySchema,
  reviewActionResultSchema,
  reviewItemDetailSchema,
  reviewQueueQuerySchema,
  reviewQueueResponseSchema,
} from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/session.ts';
import { adminReconciliationRoutes } from './reconciliation-routes.ts';
import { applyStaffAction, recentAudit, reviewItemDetail, reviewQueue } from './review.service.ts';

const idParams = z.object({ id: z.uuid() });

/**
 * Staff console: payments, under /api/admin/payments (issue 3 item 6; docs/product.md#staff). The
 * parent plugin refuses anyone but staff. Handlers parse, call review.service.ts, and answer with
 * the contract's schemas.
 */
export async function adminPaymentsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  // Statements, mappings and the reconciliation view (issue 26), in their own scope: they take raw
  // file bodies.
  await app.register(adminReconciliationRoutes);

  typed.get(
    '/',
    {
      schema: { querystring: reviewQueueQuerySchema, response: { 200: reviewQueueResponseSchema } },
    },
    async (request) => reviewQueue(db, request.query, request.server.clock.now()),
  );

  typed.get(
    '/audit',
    {
      schema: { querystring: recentAuditQuerySchema, response: { 200: recentAuditResponseSchema } },
    },
    async (request) => recentAudit(db, request.query),
  );

  typed.get(
    '/:id',
    { schema: { params: idParams, response: { 200: reviewItemDetailSchema } } },
    async (request) => reviewItemDetail(db, request.params.id, request.server.clock.now()),
  );

  typed.post(
    '/:id/actions',
    {
      schema: {
        params: idParams,
        body: reviewActionBodySchema,
        response: { 200: reviewActionResultSchema },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return applyStaffAction(db, {
        subscriptionId: request.params.id,
        ...request.body,
        staff: { userId: session.userId, email: session.email },
        now: request.server.clock.now(),
      });
    },
  );
}

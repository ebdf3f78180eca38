import {
  decodeAdminCursor,
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
import { requireSession } from '../auth/session-plugin.ts';
import { listAuditOf, listRecentAudit } from './payments.repository.ts';
import { applyStaffAction, reviewItem, reviewQueue, toAuditEntry } from './review-queue.ts';

const idParams = z.object({ id: z.uuid() });

/**
 * Staff console: payments, under /api/admin/payments (issue 3 item 6; DESIGN.md "Staff"). The
 * parent plugin refuses anyone but staff. Handlers parse, call functions/payments/review-queue.ts,
 * and answer with the contract's schemas.
 */
export async function adminPaymentsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  typed.get(
    '/',
    {
      schema: { querystring: reviewQueueQuerySchema, response: { 200: reviewQueueResponseSchema } },
    },
    async (request) => {
      const { status, limit, cursor } = request.query;
      return reviewQueue(database.db, {
        filter: status,
        limit,
        after: cursor ? decodeAdminCursor(cursor) : null,
      });
    },
  );

  typed.get(
    '/audit',
    {
      schema: { querystring: recentAuditQuerySchema, response: { 200: recentAuditResponseSchema } },
    },
    async (request) => {
      const { limit, before } = request.query;
      const rows = await listRecentAudit(database.db, { before: before ?? null, limit: limit + 1 });
      const page = rows.slice(0, limit);
      return {
        entries: page.map(toAuditEntry),
        nextBefore: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
  );

  typed.get(
    '/:id',
    { schema: { params: idParams, response: { 200: reviewItemDetailSchema } } },
    async (request) => {
      const item = await reviewItem(database.db, request.params.id);
      const audit = await listAuditOf(database.db, 'subscription', item.subscriptionId);
      return { item, audit: audit.map(toAuditEntry) };
    },
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
      return applyStaffAction(database.db, {
        subscriptionId: request.params.id,
        ...request.body,
        staff: { userId: session.userId, email: session.email },
        now: new Date(),
      });
    },
  );
}

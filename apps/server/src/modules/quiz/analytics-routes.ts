import { analyticsEventSchema } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/session.ts';
import { recordAnalyticsEvent } from './analytics.ts';

/** First-party analytics under /api/analytics (docs/product.md#analytics; see analytics.ts). */
export async function analyticsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  typed.post(
    '/events',
    {
      schema: {
        body: analyticsEventSchema,
        response: { 201: z.object({ success: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await recordAnalyticsEvent(
        db,
        requireSession(request),
        request.body,
        request.server.clock.now(),
      );
      return reply.code(201).send({ success: true as const });
    },
  );
}

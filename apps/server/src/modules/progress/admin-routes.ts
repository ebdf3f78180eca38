import { fairPlayFlagsResponseSchema, trackReadinessResponseSchema } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/session.ts';
import { dismissFlag, listFairPlayFlags } from './fair-play.ts';
import { trackReadiness } from './pass-chances.ts';

/** Staff console: fair play, under /api/admin/fair-play (issue 21 finding 3). */
export async function adminFairPlayRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  typed.get('/flags', { schema: { response: { 200: fairPlayFlagsResponseSchema } } }, async () => ({
    flags: await listFairPlayFlags(db),
  }));

  typed.post(
    '/flags/:id/dismiss',
    { schema: { params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const session = requireSession(request);
      await dismissFlag(db, request.params.id, session, request.server.clock.now());
      return reply.code(204).send();
    },
  );
}

/**
 * Staff console: readiness in aggregate, under /api/admin/readiness (issue 23 item 8): per offered
 * track, how many students are likely to pass at their next sitting — from the chances the
 * background job stored, never one student's.
 */
export async function adminReadinessRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  typed.get(
    '/tracks',
    { schema: { response: { 200: trackReadinessResponseSchema } } },
    async (request) => trackReadiness(db, request.server.clock.now()),
  );
}

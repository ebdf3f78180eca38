import { analyticsEventSchema } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addSessionLog } from '../auth/session-logs.repository.ts';
import { requireSession } from '../auth/session-plugin.ts';

/**
 * First-party analytics under /api/analytics (SPEC §7 Analytics; no third-party tracker): an event
 * is stored in session_logs with the user id and the user properties (email, uid) set from the
 * session, never from the body, so nobody can log events as someone else.
 */
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
      const session = requireSession(request);
      await addSessionLog(db, {
        userId: session.userId,
        type: 'analytics',
        payload: {
          event: request.body.name,
          params: request.body.params,
          userId: session.userId,
          userProperties: { email: session.email, uid: session.userId },
        },
      });
      return reply.code(201).send({ success: true as const });
    },
  );
}

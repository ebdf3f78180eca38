import { reviewersResponseSchema } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../auth/session-plugin.ts';
import { listAllReviewers } from './reviewers.ts';

/** The reviewers a student may choose (SPEC §3), for signed-in users. */
export async function reviewerRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  typed.get(
    '/reviewers',
    { schema: { response: { 200: reviewersResponseSchema } } },
    async (request, reply) => {
      requireSession(request);
      reply.header('cache-control', 'private, max-age=300');
      return { reviewers: await listAllReviewers(db) };
    },
  );
}

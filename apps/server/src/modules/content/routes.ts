import {
  majorInputSchema,
  majorResponseSchema,
  reviewerParamsSchema,
  reviewersResponseSchema,
} from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../../platform/session.ts';
import { changeMajor, listReviewerOffers } from './offers.ts';
import { requireReviewerAccess } from './reviewers.ts';

/** The reviewers a student may choose (docs/product.md#entities), for signed-in users, and their major. */
export async function reviewerRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  typed.get(
    '/reviewers',
    { schema: { response: { 200: reviewersResponseSchema } } },
    async (request, reply) => {
      requireSession(request);
      reply.header('cache-control', 'private, max-age=300');
      return { reviewers: await listReviewerOffers(db) };
    },
  );

  typed.put(
    '/reviewers/:reviewer/major',
    {
      schema: {
        params: reviewerParamsSchema,
        body: majorInputSchema,
        response: { 200: majorResponseSchema },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { reviewer } = request.params;
      await requireReviewerAccess(db, session.userId, reviewer);
      return { major: await changeMajor(db, session.userId, reviewer, request.body.subjectId) };
    },
  );
}

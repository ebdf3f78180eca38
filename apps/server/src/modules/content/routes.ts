import {
  majorInputSchema,
  majorResponseSchema,
  reviewerParamsSchema,
  reviewersResponseSchema,
  sittingChoiceSchema,
  sittingInputSchema,
} from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../../platform/session.ts';
import { chooseSitting, sittingChoice } from './exam-sittings.ts';
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
      return { reviewers: await listReviewerOffers(db, request.server.clock.now()) };
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

  // The student's official sitting under a track they hold (issue 23 item 1): quiz home and the
  // account page read and change it. Their own only: there is no user parameter.
  typed.get(
    '/reviewers/:reviewer/sitting',
    { schema: { params: reviewerParamsSchema, response: { 200: sittingChoiceSchema } } },
    async (request, reply) => {
      const session = requireSession(request);
      const { reviewer } = request.params;
      await requireReviewerAccess(db, session.userId, reviewer);
      reply.header('cache-control', 'private, no-store');
      return sittingChoice(db, session.userId, reviewer, request.server.clock.now());
    },
  );

  typed.put(
    '/reviewers/:reviewer/sitting',
    {
      schema: {
        params: reviewerParamsSchema,
        body: sittingInputSchema,
        response: { 200: sittingChoiceSchema },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { reviewer } = request.params;
      await requireReviewerAccess(db, session.userId, reviewer);
      return chooseSitting(
        db,
        session.userId,
        reviewer,
        request.body.sittingId,
        request.server.clock.now(),
      );
    },
  );
}

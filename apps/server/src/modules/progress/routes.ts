import {
  buyStreakFreezeInputSchema,
  buyStreakFreezeResultSchema,
  claimChallengeInputSchema,
  claimDrillPointsInputSchema,
  claimResultSchema,
  paymentHistorySchema,
  progressSummarySchema,
} from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/client.ts';
import { requireSession } from '../../platform/session.ts';
import { claimChallenge, claimDrillPoints } from './challenges.ts';
import { paymentHistory, progressSummary } from './service.ts';
import { buyFreeze } from './streak-freeze.ts';

/**
 * Tasks, reward claims and the account summary under /api/progress (issue 5). Every route serves
 * the signed-in student's own data only; there is no user parameter to point at someone else.
 * The writes (both claims and the streak freeze) award or spend gems: each is refused with the
 * paywall's 403 and reason exactly when the route guard keeps the student from Tasks (not
 * onboarded, no subscription, or one locked or past its expiry date: progress/tasks-access.ts),
 * decided under the user row's lock. The reads are the student's own data and stay open to any
 * session.
 */
export async function progressRoutes(
  app: FastifyInstance,
  options: {
    /**
     * Settles the student's mocks whose time ran out unseen (quiz `settleRanOutMocks`, above this
     * module, passed in by app.ts), before the summary, a claim or a freeze purchase reads the
     * streak: such a mock counts its deadline's day (docs/product.md#mock-exam), which the streak
     * cannot take back once a later day moved it on or a freeze covered it.
     */
    settleRanOutMocks: (db: Db, userId: string, now: Date) => Promise<void>;
  },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const settled = async (userId: string, now: Date) => {
    await options.settleRanOutMocks(db, userId, now);
    return now;
  };

  typed.get(
    '/summary',
    { schema: { response: { 200: progressSummarySchema } } },
    async (request, reply) => {
      const session = requireSession(request);
      const now = await settled(session.userId, request.server.clock.now());
      const summary = await progressSummary(db, session.userId, now);
      reply.header('cache-control', 'private, no-store');
      return summary;
    },
  );

  typed.post(
    '/claims/challenge',
    {
      schema: { body: claimChallengeInputSchema, response: { 200: claimResultSchema } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      const session = requireSession(request);
      const { kind, id } = request.body;
      const now = await settled(session.userId, request.server.clock.now());
      return claimChallenge(db, session.userId, kind, id, now);
    },
  );

  typed.post(
    '/claims/drill-points',
    {
      schema: { body: claimDrillPointsInputSchema, response: { 200: claimResultSchema } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      const session = requireSession(request);
      return claimDrillPoints(db, session.userId, request.body.claimId, request.server.clock.now());
    },
  );

  typed.get(
    '/payments',
    { schema: { response: { 200: paymentHistorySchema } } },
    async (request, reply) => {
      const session = requireSession(request);
      const history = await paymentHistory(db, session.userId);
      reply.header('cache-control', 'private, no-store');
      return history;
    },
  );

  typed.post(
    '/streak-freeze',
    {
      schema: { body: buyStreakFreezeInputSchema, response: { 200: buyStreakFreezeResultSchema } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const session = requireSession(request);
      const { purchaseId } = request.body;
      const now = await settled(session.userId, request.server.clock.now());
      return buyFreeze(db, session.userId, purchaseId, now);
    },
  );
}

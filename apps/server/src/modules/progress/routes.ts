import {
  claimChallengeInputSchema,
  claimDrillPointsInputSchema,
  claimResultSchema,
  evaluateChallenges,
  levelOrDefault,
  manilaDayKey,
  nextLevel,
  paymentHistorySchema,
  progressSummarySchema,
  standingStreak,
  totalGems,
} from '@pasado/core';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { subscriptions, transactions, userStreaks, users } from '../../platform/db/schema.ts';
import { AppError, unauthenticated } from '../../platform/errors/app-error.ts';
import { requireSession } from '../auth/session-plugin.ts';
import { claimChallenge, claimDrillPoints, loadChallengeStats } from './challenges.ts';

const NOT_CLAIMABLE = 'This reward is not ready to claim yet.';

/**
 * Tasks, reward claims and the account summary under /api/progress (issue 5). Every route serves
 * the signed-in student's own data only; there is no user parameter to point at someone else.
 */
export async function progressRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  typed.get(
    '/summary',
    { schema: { response: { 200: progressSummarySchema } } },
    async (request, reply) => {
      const session = requireSession(request);
      const [user] = await db
        .select({
          currentLevel: users.currentLevel,
          gemsCollection: users.gemsCollection,
          challengesProgress: users.challengesProgress,
          unclaimedDrillPoints: users.unclaimedDrillPoints,
        })
        .from(users)
        .where(eq(users.id, session.userId));
      if (!user) throw unauthenticated();
      const [streak] = await db
        .select()
        .from(userStreaks)
        .where(eq(userStreaks.userId, session.userId));
      const stats = await loadChallengeStats(db, session.userId);
      const level = levelOrDefault(user.currentLevel);
      const next = nextLevel(level);
      reply.header('cache-control', 'private, no-store');
      return {
        level,
        gemsTotal: totalGems(user.gemsCollection),
        gemsByLevel: user.gemsCollection,
        nextLevel: next ? { name: next.name, minGems: next.minGems } : null,
        streak: {
          current: standingStreak({
            current: streak?.current ?? 0,
            lastDay: streak?.lastDay ?? null,
            today: manilaDayKey(new Date()),
          }),
          longest: streak?.longest ?? 0,
          lastDay: streak?.lastDay ?? null,
        },
        unclaimedDrillPoints: user.unclaimedDrillPoints,
        challenges: evaluateChallenges(user.challengesProgress, stats),
      };
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
      const outcome = await db.transaction((tx) =>
        claimChallenge(tx, session.userId, kind, id, new Date()),
      );
      if (!outcome) throw new AppError('FAILED_PRECONDITION', NOT_CLAIMABLE);
      return outcome;
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
      return db.transaction((tx) =>
        claimDrillPoints(tx, session.userId, request.body.claimId, new Date()),
      );
    },
  );

  typed.get(
    '/payments',
    { schema: { response: { 200: paymentHistorySchema } } },
    async (request, reply) => {
      const session = requireSession(request);
      const rows = await db
        .select({
          tx: transactions,
          status: subscriptions.status,
          plan: subscriptions.selectedPlan,
        })
        .from(transactions)
        .innerJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
        .where(eq(transactions.userId, session.userId))
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(100);
      reply.header('cache-control', 'private, no-store');
      return {
        payments: rows.map(({ tx, status, plan }) => ({
          id: tx.id,
          subscriptionId: tx.subscriptionId,
          createdAt: tx.createdAt.toISOString(),
          planName: plan?.name ?? null,
          price: tx.price,
          discountAmount: tx.discountAmount,
          finalPrice: tx.finalPrice,
          refCode: tx.refCode,
          hasScreenshot: tx.paymentScreenshotUrl !== null,
          isFreeTrial: tx.isFreeTrial,
          subscriptionStatus: status,
        })),
      };
    },
  );
}

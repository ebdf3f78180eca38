import { leaderboardQuerySchema, leaderboardResponseSchema } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../../platform/session.ts';
import { getLeaderboard } from './service.ts';

/** Leaderboards under /api/leaderboard (issue 5): this Manila week, or the open season. */
export async function leaderboardRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  typed.get(
    '/',
    {
      schema: { querystring: leaderboardQuerySchema, response: { 200: leaderboardResponseSchema } },
    },
    async (request, reply) => {
      const session = requireSession(request);
      reply.header('cache-control', 'private, no-cache');
      return getLeaderboard(db, session.userId, request.query.board, request.server.clock.now());
    },
  );
}

import {
  type LeaderboardResponse,
  leaderboardQuerySchema,
  leaderboardResponseSchema,
  levelOrDefault,
  manilaWeekRange,
  publicIdentity,
  seasonBoardKey,
  weekBoardKey,
} from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../auth/session-plugin.ts';
import { rankedOnBoard, rankOnBoard, topOfBoard } from './ranking.ts';
import { openSeason } from './seasons.ts';

/** Leaderboards under /api/leaderboard (issue 5): this Manila week, or the open season. */
export async function leaderboardRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  typed.get(
    '/',
    {
      schema: { querystring: leaderboardQuerySchema, response: { 200: leaderboardResponseSchema } },
    },
    async (request, reply): Promise<LeaderboardResponse> => {
      const session = requireSession(request);
      const now = new Date();
      const { board } = request.query;
      reply.header('cache-control', 'private, no-cache');
      let key: string;
      let period: LeaderboardResponse['period'];
      if (board === 'week') {
        const { start, end } = manilaWeekRange(now);
        key = weekBoardKey(now);
        period = { name: 'This week', startsAt: start.toISOString(), endsAt: end.toISOString() };
      } else {
        const season = await openSeason(db, now);
        if (!season) return { board, period: null, top: [], me: null, ranked: 0 };
        key = seasonBoardKey(season.id);
        period = {
          name: season.name,
          startsAt: season.startsAt.toISOString(),
          endsAt: season.expiryDate.toISOString(),
        };
      }
      const [top, me, ranked] = await Promise.all([
        topOfBoard(db, key),
        rankOnBoard(db, key, session.userId),
        rankedOnBoard(db, key),
      ]);
      return {
        board,
        period,
        top: top.map((row, index) => ({
          rank: index + 1,
          ...publicIdentity(row.displayName, row.email),
          level: levelOrDefault(row.level),
          points: row.points,
          isMe: row.userId === session.userId,
        })),
        me,
        ranked,
      };
    },
  );
}

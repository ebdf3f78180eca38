import type { FastifyInstance } from 'fastify';

/** Leaderboards under /api/leaderboard (issue 5). */
export async function leaderboardRoutes(_app: FastifyInstance) {}

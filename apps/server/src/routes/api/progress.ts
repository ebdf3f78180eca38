import type { FastifyInstance } from 'fastify';

/** Tasks, reward claims and the account summary under /api/progress (issue 5). */
export async function progressRoutes(_app: FastifyInstance) {}

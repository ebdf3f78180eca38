import type { FastifyInstance } from 'fastify';

/** Staff console: seasons, under /api/admin/seasons. */
export async function adminSeasonsRoutes(_app: FastifyInstance) {}

import type { FastifyInstance } from 'fastify';

/** Staff console: content, under /api/admin/content. */
export async function adminContentRoutes(_app: FastifyInstance) {}

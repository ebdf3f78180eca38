import type { FastifyInstance } from 'fastify';

/** What the purchase page needs from the server under /api/purchase (issue 3: wallet details). */
export async function purchaseRoutes(_app: FastifyInstance) {}

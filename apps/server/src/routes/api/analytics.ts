import type { FastifyInstance } from 'fastify';

/** First-party analytics events under /api/analytics (SPEC §7 Analytics; no third-party tracker). */
export async function analyticsRoutes(_app: FastifyInstance) {}

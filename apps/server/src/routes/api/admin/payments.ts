import type { FastifyInstance } from 'fastify';

/** Staff console: payments, under /api/admin/payments. */
export async function adminPaymentsRoutes(_app: FastifyInstance) {}

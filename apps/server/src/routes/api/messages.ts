import type { FastifyInstance } from 'fastify';

/** The send-us-a-message modal's endpoint POST /api/messages (issue 5). */
export async function messageRoutes(_app: FastifyInstance) {}

import type { FastifyInstance } from 'fastify';

/** Staff console: messages, under /api/admin/messages. */
export async function adminMessagesRoutes(_app: FastifyInstance) {}

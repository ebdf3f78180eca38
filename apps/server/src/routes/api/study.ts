import type { FastifyInstance } from 'fastify';

/** Study modes under /api/study (issue 4: flash, read, listen, drill). */
export async function studyRoutes(_app: FastifyInstance) {}

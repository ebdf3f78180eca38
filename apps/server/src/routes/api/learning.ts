import type { FastifyInstance } from 'fastify';

/** Learning content and quizzes under /api/learning (issue 4: quiz home, lite quiz, mock exam). */
export async function learningRoutes(_app: FastifyInstance) {}

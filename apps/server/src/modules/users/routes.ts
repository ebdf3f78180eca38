import { displayNameInputSchema, userDocSchema } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../auth/session-plugin.ts';
import { changeDisplayName, readUserDoc } from './service.ts';
import { userDocCacheOf } from './user-caches.ts';

/** The signed-in user's own document (SPEC §3). */
export async function userRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  typed.get('/me', { schema: { response: { 200: userDocSchema } } }, async (request) =>
    readUserDoc(db, requireSession(request).userId, userDocCacheOf(app)),
  );

  typed.put(
    '/me/display-name',
    {
      schema: { body: displayNameInputSchema, response: { 200: userDocSchema } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) =>
      changeDisplayName(db, requireSession(request).userId, request.body.displayName),
  );
}

import { claimsResponseSchema, displayNameInputSchema, userDocSchema } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/session.ts';
import { sessionCacheOf } from '../auth/session-plugin.ts';
import { currentClaims } from './claims.ts';
import { changeDisplayName, readUserDoc } from './profile.ts';
import { claimsCacheOf, userDocCacheOf } from './user-caches.ts';

/** The signed-in user's claims and own document (docs/product.md#entities). */
export async function accountRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  typed.get(
    '/auth/claims',
    {
      // A cold start after another device's sign-in shows the alert (docs/product.md#errors).
      config: { tellsSessionEnd: 'in its 401' },
      schema: {
        querystring: z.object({ force: z.enum(['0', '1']).optional() }),
        response: { 200: claimsResponseSchema },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      reply.header('cache-control', 'no-store');
      return currentClaims(
        db,
        { session: sessionCacheOf(app), claims: claimsCacheOf(app) },
        session,
        { now: request.server.clock.now(), force: request.query.force === '1' },
      );
    },
  );

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

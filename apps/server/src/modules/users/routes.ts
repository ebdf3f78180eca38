import {
  loginDevicesDocSchema,
  reviewersResponseSchema,
  subscriptionDocSchema,
  userDocSchema,
} from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, permissionDenied, unauthenticated } from '../../platform/errors/app-error.ts';
import { getLoginDevicesDoc } from '../auth/login-devices.repository.ts';
import { requireSession } from '../auth/session-plugin.ts';
import { listReviewers } from '../content/reviewers.repository.ts';
import { getSubscriptionDoc } from '../subscriptions/repository.ts';
import { getUserDoc } from './repository.ts';

/** The documents the web app reads (SPEC §3), each limited to its owner (or staff). */
export async function documentRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  typed.get('/me', { schema: { response: { 200: userDocSchema } } }, async (request) => {
    const session = requireSession(request);
    const doc = await getUserDoc(database.db, session.userId);
    if (!doc) throw unauthenticated();
    return doc;
  });

  typed.get(
    '/me/devices',
    { schema: { response: { 200: loginDevicesDocSchema } } },
    async (request) => {
      const session = requireSession(request);
      const doc = await getLoginDevicesDoc(database.db, session.userId);
      if (!doc) throw notFound('No device record.');
      return doc;
    },
  );

  typed.get(
    '/subscriptions/:id',
    { schema: { params: z.object({ id: z.uuid() }), response: { 200: subscriptionDocSchema } } },
    async (request) => {
      const session = requireSession(request);
      const doc = await getSubscriptionDoc(database.db, request.params.id);
      if (!doc) throw notFound('No such subscription.');
      if (doc.userId !== session.userId && session.role !== 'admin') throw permissionDenied();
      return doc;
    },
  );

  typed.get(
    '/reviewers',
    { schema: { response: { 200: reviewersResponseSchema } } },
    async (request, reply) => {
      requireSession(request);
      reply.header('cache-control', 'private, max-age=300');
      return { reviewers: await listReviewers(database.db) };
    },
  );
}

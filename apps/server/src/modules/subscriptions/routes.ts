import { discountHoldSchema, purchaseDetailsSchema, subscriptionDocSchema } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/session.ts';
import { holdDiscount } from './discount-hold.service.ts';
import { readSubscriptionDoc } from './subscriptions.service.ts';

/** A student's subscriptions and what the purchase page needs (issue 3). Signed-in users only. */
export async function subscriptionRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { paymentWallet, supportEmail } = app.config;

  // The subscriptions/{id} document (docs/product.md#entities), for its owner or staff.
  typed.get(
    '/subscriptions/:id',
    { schema: { params: z.object({ id: z.uuid() }), response: { 200: subscriptionDocSchema } } },
    async (request) => readSubscriptionDoc(db, requireSession(request), request.params.id),
  );

  // The mobile wallet to pay into and the support address (docs/product.md#constants "a mobile-wallet payment
  // number"; docs/product.md#verify-payment), from configuration.
  typed.get(
    '/purchase/details',
    { schema: { response: { 200: purchaseDetailsSchema } } },
    async (request, reply) => {
      requireSession(request);
      // Configuration changes only with a restart; a short private cache spares slow networks.
      reply.header('cache-control', 'private, max-age=300');
      return { wallet: { ...paymentWallet }, supportEmail };
    },
  );

  // The purchase page asks when the student picks a plan: a purchase started inside the
  // free-trial discount's window keeps its price an hour past it (docs/product.md#free-trial-discount).
  typed.post(
    '/purchase/discount-hold',
    { schema: { response: { 200: discountHoldSchema } } },
    async (request) => holdDiscount(db, requireSession(request).userId, request.server.clock.now()),
  );
}

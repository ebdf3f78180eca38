import { purchaseDetailsSchema } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../auth/session-plugin.ts';

/**
 * What the purchase page needs from the server under /api/purchase (issue 3): GET /details — the
 * mobile wallet to pay into and the support address (SPEC §9 "a mobile-wallet payment number";
 * SPEC §2 Verify Payment), from configuration. Signed-in users only, like everything under /api.
 */
export async function purchaseRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { paymentWallet, supportEmail } = app.config;

  typed.get(
    '/details',
    { schema: { response: { 200: purchaseDetailsSchema } } },
    async (request, reply) => {
      requireSession(request);
      // Configuration changes only with a restart; a short private cache spares slow networks.
      reply.header('cache-control', 'private, max-age=300');
      return { wallet: { ...paymentWallet }, supportEmail };
    },
  );
}

import { z } from 'zod';
import { roleSchema, subscriptionStatusSchema } from './common.ts';

/**
 * Token claims (docs/product.md#entities), computed on the server from the database on every request.
 * `access` maps a reviewer shorthand to 'Granted' (docs/product.md#requires-rev-access).
 */
export const claimsSchema = z.object({
  uid: z.string(),
  email: z.string(),
  isOnboarded: z.boolean(),
  subscriptionStatus: subscriptionStatusSchema.nullable(),
  role: roleSchema,
  access: z.record(z.string(), z.literal('Granted')),
});
export type Claims = z.infer<typeof claimsSchema>;

/**
 * GET /api/auth/claims[?force=1]. `subscriptionExpired` is true on the one call that found the
 * current subscription past its expiryDate and set it to expired (docs/product.md#route-guard: the client then shows
 * 'Your current subscription has expired!').
 */
export const claimsResponseSchema = z.object({
  claims: claimsSchema,
  subscriptionExpired: z.boolean(),
  /**
   * The subscription this call expired (null when it expired none): the web app shows the alert
   * once per subscription, however this reply and a navigation interleave (issue 21 finding 8).
   */
  expiredSubscriptionId: z.string().nullable(),
});
export type ClaimsResponse = z.infer<typeof claimsResponseSchema>;

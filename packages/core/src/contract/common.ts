import { z } from 'zod';

/** SPEC §4: every status a subscription can have. */
export const SUBSCRIPTION_STATUSES = [
  'pending',
  'forVerification',
  'approved',
  'completed',
  'suspended',
  'revoked',
  'expired',
] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const roleSchema = z.enum(['student', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** Timestamps cross the wire as ISO-8601 strings; the server is the clock (DESIGN.md "Time"). */
export const isoDateSchema = z.iso.datetime({ offset: true });

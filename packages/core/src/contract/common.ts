import { z } from 'zod';
import { ROLES } from '../guard.ts';
import { SUBSCRIPTION_STATUSES } from '../subscription-rules.ts';

export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export const roleSchema = z.enum(ROLES);

/** Timestamps cross the wire as ISO-8601 strings; the server is the clock (docs/product.md#time). */
export const isoDateSchema = z.iso.datetime({ offset: true });

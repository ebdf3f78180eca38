import { z } from 'zod';
import { EXAM_SITTING_MESSAGES } from '../exam-sittings.ts';
import { ROLES } from '../guard.ts';
import { SUBSCRIPTION_STATUSES } from '../subscription-rules.ts';

export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export const roleSchema = z.enum(ROLES);

/** Timestamps cross the wire as ISO-8601 strings; the server is the clock (docs/product.md#time). */
export const isoDateSchema = z.iso.datetime({ offset: true });

/**
 * A Manila calendar day as the sittings, plans and the phone's kept progress carry it: YYYY-MM-DD.
 * Here rather than with the sittings' contract, so a screen that reads a day (offline flash cards)
 * does not load the sittings' schemas.
 */
export const dayKeySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, EXAM_SITTING_MESSAGES.badDate);

import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { isPaymentScreenshotPath, PURCHASE_MESSAGES } from '../purchase.ts';
import { isValidRefCode, normalizeRefCode } from '../validation.ts';
import { isoDateSchema, subscriptionStatusSchema } from './common.ts';

/** Payment reference code (docs/product.md#validation): 13 digits once spaces are removed; the output is normalised. */
export const refCodeSchema = z
  .string()
  .max(64)
  .refine(isValidRefCode, MESSAGES.INVALID_REF_CODE)
  .transform(normalizeRefCode);

/** A payment screenshot the caller uploaded: its storage path (docs/product.md#file-storage). */
export const screenshotPathSchema = z
  .string()
  .max(200)
  .refine(isPaymentScreenshotPath, MESSAGES.SCREENSHOT_REQUIRED);

const amountSchema = z.number().int().nonnegative().max(1_000_000);

/**
 * The proof of a transfer (docs/product.md#payloads, #validation): exactly one of refCode and
 * paymentScreenshotUrl. Amounts are the client's statement only; the server quotes the price
 * (docs/decisions/004-purchases.md). Coupons are not offered (docs/product.md#errors: their handlers are undefined).
 */
const proofFields = {
  refCode: refCodeSchema.nullish(),
  paymentScreenshotUrl: screenshotPathSchema.nullish(),
  couponCode: z.null().optional(),
  couponId: z.null().optional(),
  purchasedBy: z.literal('user').optional(),
};

/** Neither a reference code nor a screenshot was sent. */
export const NO_PROOF = 'Send either a reference code or a screenshot.';

/**
 * Exactly one proof (docs/product.md#validation): both is refused with "…, not both.", neither with
 * the ask for one.
 */
const exactlyOneProof = (
  t: { refCode?: string | null; paymentScreenshotUrl?: string | null },
  ctx: z.RefinementCtx,
) => {
  const hasReference = t.refCode != null;
  if (hasReference === (t.paymentScreenshotUrl != null)) {
    ctx.addIssue({
      code: 'custom',
      message: hasReference ? PURCHASE_MESSAGES.ONE_PROOF : NO_PROOF,
      path: ['refCode'],
    });
  }
};

export const purchaseTransactionInfoSchema = z
  .object({
    ...proofFields,
    price: amountSchema.optional(),
    discountAmount: amountSchema.optional(),
    finalPrice: amountSchema,
    isFreeTrial: z.boolean().optional(),
  })
  .strict()
  .superRefine(exactlyOneProof);

/** docs/product.md#payloads; only the plan id and the coach are read (the rest is computed). */
export const subscriptionInfoSchema = z
  .object({
    selectedPlan: z.looseObject({ id: z.string({ error: MESSAGES.SELECT_PLAN }).min(1).max(32) }),
    coachId: z.string().trim().min(1).max(128).nullish(),
    coachEmail: z.email().max(254).nullish(),
    expiryDate: z.unknown().optional(),
    isFreeTrial: z.boolean().optional(),
    isExtention: z.boolean().optional(),
  })
  .strict();

export const purchaseResultSchema = z.object({
  subscriptionId: z.uuid(),
  transactionId: z.uuid(),
  status: subscriptionStatusSchema,
  /** True when the purchase extends the current subscription and waits in the queue. */
  queued: z.boolean(),
  startsAt: isoDateSchema,
  expiryDate: isoDateSchema,
  price: z.number().int(),
  discountAmount: z.number().int(),
  finalPrice: z.number().int(),
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

/**
 * Server functions of the payments issue (docs/product.md#server-functions; docs/decisions/004-purchases.md):
 * each entry `{ input, result }` as in functions.ts.
 */
export const paymentFunctionSchemas = {
  /** Records the transaction and the pending subscription in one transaction (docs/product.md#buying). */
  subscribeUser: {
    input: z
      .object({
        /** A retried or double-clicked submit sends the same key and gets the same result. */
        idempotencyKey: z.uuid(),
        transactionInfo: purchaseTransactionInfoSchema,
        subscriptionInfo: subscriptionInfoSchema,
      })
      .strict(),
    result: purchaseResultSchema,
  },
  /**
   * Attaches a new proof to the caller's own pending or forVerification subscription (the Verify
   * Payment modal); a forVerification subscription returns to pending.
   */
  addTransaction: {
    input: z
      .object({
        transactionInfo: z
          .object({
            ...proofFields,
            price: amountSchema.optional(),
            discountAmount: amountSchema.optional(),
            finalPrice: amountSchema.optional(),
            isFreeTrial: z.boolean().optional(),
          })
          .strict()
          .superRefine(exactlyOneProof),
        userId: z.uuid(),
        userEmail: z.email().max(254),
        subId: z.uuid(),
        coachId: z.string().trim().min(1).max(128).nullish(),
        coachEmail: z.email().max(254).nullish(),
      })
      .strict(),
    result: z.object({
      transactionId: z.uuid(),
      subscriptionId: z.uuid(),
      status: subscriptionStatusSchema,
    }),
  },
  /**
   * Changes a subscription's status (docs/product.md#states, #server-functions; core `canTransition`). The result is the new
   * state, or null when the subscription already had that status (nothing written).
   */
  updateSubscriptionStatus: {
    input: z
      .object({
        userEmail: z.email().max(254),
        userId: z.uuid(),
        subId: z.uuid(),
        newStat: subscriptionStatusSchema,
        reason: z.string().trim().max(500).optional(),
      })
      .strict(),
    result: z
      .object({
        subscriptionId: z.uuid(),
        from: subscriptionStatusSchema,
        status: subscriptionStatusSchema,
      })
      .nullable(),
  },
} as const satisfies Record<string, { input: z.ZodType; result: z.ZodType }>;

/**
 * GET /api/purchase/details (docs/product.md#purchase-page: the mobile-wallet payment number; docs/product.md#verify-payment
 * "email support"): where to send the money, from the server's configuration.
 */
export const purchaseDetailsSchema = z.object({
  wallet: z.object({
    /** The wallet's brand, e.g. GCash. */
    name: z.string(),
    /** The number to send to, as people write it (spaces allowed). */
    number: z.string(),
    /** The account holder's name the wallet shows before the student confirms. */
    accountName: z.string(),
  }),
  supportEmail: z.string(),
});
export type PurchaseDetails = z.infer<typeof purchaseDetailsSchema>;

/**
 * POST /api/purchase/discount-hold (docs/product.md#free-trial-discount, ADR 043): until when the
 * free-trial discount is held for the purchase the student started, or null when none is.
 */
export const discountHoldSchema = z.object({ heldUntil: isoDateSchema.nullable() });
export type DiscountHold = z.infer<typeof discountHoldSchema>;

import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  INBOX_STATUS_FILTERS,
  INBOX_TYPE_FILTERS,
  REVIEW_FILTERS,
  STAFF_ACTION_NAMES,
  STAFF_REASON_MAX,
  STAFF_REASON_MIN,
  type StaffAction,
} from '../admin-review.ts';
import { isoDateSchema, subscriptionStatusSchema } from './common.ts';
import { matchedBySchema } from './reconciliation.ts';

/**
 * The staff console's API under /api/admin (docs/product.md#staff; issue 3 item 6, issue 5 item 5).
 * Every route is for role admin only.
 */

const limitSchema = z.coerce.number().int().min(1).max(100).default(25);

/**
 * Keyset pagination: the last item's time and id, `{iso}_{uuid}`, so a page never repeats or
 * skips an item when new ones arrive meanwhile.
 */
export const adminCursorSchema = z
  .string()
  .max(80)
  .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z_[0-9a-f-]{36}$/i, 'Invalid cursor.');

export function encodeAdminCursor(at: Date | string, id: string): string {
  return `${new Date(at).toISOString()}_${id}`;
}

export function decodeAdminCursor(cursor: string): { at: Date; id: string } {
  const cut = cursor.lastIndexOf('_');
  return { at: new Date(cursor.slice(0, cut)), id: cursor.slice(cut + 1) };
}

/** The console's staff actions: the keys of core STAFF_ACTIONS (one list, one home). */
export const staffActionSchema = z.enum(STAFF_ACTION_NAMES as [StaffAction, ...StaffAction[]]);

export const staffReasonSchema = z
  .string({ error: ADMIN_MESSAGES.REASON_REQUIRED })
  .trim()
  .min(STAFF_REASON_MIN, ADMIN_MESSAGES.REASON_REQUIRED)
  .max(STAFF_REASON_MAX, ADMIN_MESSAGES.REASON_TOO_LONG);

// ---------------------------------------------------------------------------------------------
// Payments: the review queue
// ---------------------------------------------------------------------------------------------

export const reviewQueueQuerySchema = z
  .object({
    status: z.enum(REVIEW_FILTERS).default('needsAction'),
    limit: limitSchema,
    cursor: adminCursorSchema.optional(),
  })
  .strict();
export type ReviewQueueQuery = z.input<typeof reviewQueueQuerySchema>;

export const reviewTransactionSchema = z.object({
  id: z.uuid(),
  createdAt: isoDateSchema,
  price: z.number().int(),
  discountAmount: z.number().int(),
  finalPrice: z.number().int(),
  refCode: z.string().nullable(),
  /** The storage path of the screenshot (images/paymentScreenshots/…), or null. */
  screenshotPath: z.string().nullable(),
  /** Where the console loads it: GET /api/files/{path}, served to staff and the owner only. */
  screenshotUrl: z.string().nullable(),
  /**
   * What OCR read from the screenshot (issue 26 item 3), checked against the statement line when
   * one is known, else the typed code and the price (core `checkReading`); null: no screenshot.
   */
  reading: z
    .object({
      status: z.enum(['queued', 'reading', 'done', 'failed']),
      reference: z.string().nullable(),
      amountCentavos: z.number().int().nullable(),
      paidAt: isoDateSchema.nullable(),
      referenceAgrees: z.boolean().nullable(),
      amountAgrees: z.boolean().nullable(),
      /** "Read from the screenshot: reference … ✓, amount … ✗" once read; null before. */
      summary: z.string().nullable(),
    })
    .nullable()
    .optional(),
});

export const reviewFlagSchema = z.object({
  kind: z.enum(['reusedRefCode', 'reusedScreenshot', 'amountMismatch']),
  message: z.string(),
});

export const reviewItemSchema = z.object({
  subscriptionId: z.uuid(),
  status: subscriptionStatusSchema,
  student: z.object({ id: z.uuid(), email: z.string() }),
  plan: z
    .object({
      id: z.string(),
      name: z.string(),
      price: z.number(),
      discount: z.number(),
      durationInDays: z.number(),
    })
    .nullable(),
  /** When the purchase was submitted (the subscription's creation). */
  submittedAt: isoDateSchema,
  updatedAt: isoDateSchema,
  startsAt: isoDateSchema,
  expiryDate: isoDateSchema,
  /** docs/product.md#extension bought while another subscription was running. */
  isExtension: z.boolean(),
  /** Still waiting in the user's queue for the current subscription to end. */
  queued: z.boolean(),
  /** The latest proof; earlier ones (a new proof after forVerification) are in `transactions`. */
  transactions: z.array(reviewTransactionSchema),
  amount: z.object({
    expected: z.number().nullable(),
    recorded: z.number(),
    mismatch: z.boolean(),
    problem: z.string().nullable(),
  }),
  flags: z.array(reviewFlagSchema),
  /**
   * The kept statement line of this purchase (issue 26): the one reconciliation matches it to now,
   * which its approval claims; else the one bound to it, or one citing its reference, typed or read.
   */
  statementLine: z
    .object({
      reference: z.string().nullable(),
      amountCentavos: z.number().int(),
      occurredAt: isoDateSchema,
      sender: z.string().nullable(),
      /** Bound to this purchase by an approval; else another purchase's, or nobody's yet. */
      claimedBy: z.enum(['this', 'another', 'none']),
      /** How the purchase waiting for review is matched to it; null: it is not (yet, or any more). */
      matchedBy: matchedBySchema.nullable(),
    })
    .nullable()
    .optional(),
  /** The staff actions the transition rules allow from the current status. */
  actions: z.array(staffActionSchema),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewCountsSchema = z.object({
  needsAction: z.number().int(),
  pending: z.number().int(),
  forVerification: z.number().int(),
  approved: z.number().int(),
  completed: z.number().int(),
  suspended: z.number().int(),
  revoked: z.number().int(),
  expired: z.number().int(),
});
export type ReviewCounts = z.infer<typeof reviewCountsSchema>;

export const reviewQueueResponseSchema = z.object({
  items: z.array(reviewItemSchema),
  counts: reviewCountsSchema,
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ReviewQueueResponse = z.infer<typeof reviewQueueResponseSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: isoDateSchema,
  actorUserId: z.uuid().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const reviewItemDetailSchema = z.object({
  item: reviewItemSchema,
  /** Who did what and when to this subscription, oldest first (the append-only audit log). */
  audit: z.array(auditEntrySchema),
});
export type ReviewItemDetail = z.infer<typeof reviewItemDetailSchema>;

export const reviewActionBodySchema = z
  .object({
    action: staffActionSchema,
    reason: staffReasonSchema,
    /**
     * The status the staff member saw. When another staff member changed it meanwhile, the action
     * is refused instead of applied to a state nobody reviewed.
     */
    expectedStatus: subscriptionStatusSchema,
  })
  .strict();
export type ReviewActionBody = z.input<typeof reviewActionBodySchema>;

export const reviewActionResultSchema = z.object({
  subscriptionId: z.uuid(),
  from: subscriptionStatusSchema,
  status: subscriptionStatusSchema,
});
export type ReviewActionResult = z.infer<typeof reviewActionResultSchema>;

export const recentAuditQuerySchema = z
  .object({
    limit: limitSchema,
    /** Entries older than this id (the previous page's last id). */
    before: z.coerce.number().int().positive().optional(),
  })
  .strict();

export const recentAuditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextBefore: z.number().int().nullable(),
});
export type RecentAuditResponse = z.infer<typeof recentAuditResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Messages: the inbox (docs/product.md#entities user_messages)
// ---------------------------------------------------------------------------------------------

export const messageTypeFilterSchema = z.enum(['feedbacks', 'suggestions', 'issues']);
export const messageStatusSchema = z.enum(['unread', 'read']);

export const messagesQuerySchema = z
  .object({
    type: z.enum(INBOX_TYPE_FILTERS).default('all'),
    status: z.enum(INBOX_STATUS_FILTERS).default('all'),
    /** Archived messages are hidden unless asked for: 'true' lists only the archive. */
    archived: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    limit: limitSchema,
    cursor: adminCursorSchema.optional(),
  })
  .strict();
export type MessagesQuery = z.input<typeof messagesQuerySchema>;

export const staffMessageSchema = z.object({
  id: z.uuid(),
  messageType: messageTypeFilterSchema,
  message: z.string(),
  /** As stored (docs/product.md#entities: url or null). */
  attachment: z.string().nullable(),
  /** Where staff open it (core `attachmentHref`), or null when there is none or it is unsafe. */
  attachmentUrl: z.string().nullable(),
  messageFromUserId: z.uuid(),
  messageFromUserEmail: z.string(),
  submittedDate: isoDateSchema,
  status: messageStatusSchema,
  isArchive: z.boolean(),
});
export type StaffMessage = z.infer<typeof staffMessageSchema>;

const typeCountsSchema = z.object({ unread: z.number().int(), total: z.number().int() });

export const messageCountsSchema = z.object({
  /** Within the archive scope asked for (inbox or archive), regardless of the other filters. */
  all: typeCountsSchema,
  feedbacks: typeCountsSchema,
  suggestions: typeCountsSchema,
  issues: typeCountsSchema,
  /** Messages in the archive. */
  archived: z.number().int(),
});
export type MessageCounts = z.infer<typeof messageCountsSchema>;

export const messagesPageSchema = z.object({
  items: z.array(staffMessageSchema),
  counts: messageCountsSchema,
  nextCursor: z.string().nullable(),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

export const messageUpdateBodySchema = z
  .object({
    status: messageStatusSchema.optional(),
    isArchive: z.boolean().optional(),
  })
  .strict()
  .refine((b) => b.status !== undefined || b.isArchive !== undefined, {
    message: ADMIN_MESSAGES.NOTHING_TO_CHANGE,
  });
export type MessageUpdateBody = z.input<typeof messageUpdateBodySchema>;

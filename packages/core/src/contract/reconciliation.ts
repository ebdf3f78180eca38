import { z } from 'zod';
import { headerKey, type StatementMapping } from '../reconciliation/statement-mapping.ts';
import { isUsableDateFormat } from '../reconciliation/statement-values.ts';

/**
 * A statement column mapping as staff add one in the console (issue 26 item 1: "a column mapping per
 * source kept as data … and a screen to add one"). The shipped mappings pass it too (its test says
 * so); the rules that read a mapping are core's `reconciliation/`.
 */

const headerNamesSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(60)
      .refine((name) => headerKey(name) !== '', 'A column header needs a letter or a digit.'),
  )
  .min(1)
  .max(5);

/**
 * Staff write these patterns and the server runs them over every line of a statement, so a pattern
 * whose repetition repeats ("(a+)+", "(\d*)*") — which can take exponential time on one line — is
 * refused outright, as is anything that does not compile.
 */
function safePattern(source: string): boolean {
  try {
    new RegExp(source, 'iu');
  } catch {
    return false;
  }
  return !/\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*[+*{?]/.test(source);
}

const patternSchema = z
  .string()
  .min(1)
  .max(200)
  .refine(safePattern, 'Not a usable pattern (it does not compile, or a repetition repeats).');

const columnsSchema = z
  .object({
    date: headerNamesSchema,
    time: headerNamesSchema.optional(),
    reference: headerNamesSchema.optional(),
    description: headerNamesSchema.optional(),
    sender: headerNamesSchema.optional(),
    credit: headerNamesSchema.optional(),
    debit: headerNamesSchema.optional(),
    amount: headerNamesSchema.optional(),
    direction: headerNamesSchema.optional(),
    balance: headerNamesSchema.optional(),
  })
  .strict() satisfies z.ZodType<StatementMapping['columns'], unknown>;

export const statementMappingSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'Lower-case letters, digits and dashes, 2–40 of them.'),
    label: z.string().trim().min(2).max(80),
    source: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,29}$/, 'Lower-case letters, digits and dashes, 1–30 of them.'),
    columns: columnsSchema,
    dateFormats: z
      .array(z.string().refine(isUsableDateFormat, 'A date format needs YYYY, a month and a day.'))
      .min(1)
      .max(8),
    referenceKind: z.enum(['digits', 'hex']),
    referencePattern: patternSchema.optional(),
    senderPattern: patternSchema
      .refine((source) => source.includes('(?<sender>'), 'Name the sender group (?<sender>…).')
      .optional(),
    incomingWords: z.array(z.string().trim().min(1).max(20)).min(1).max(10).optional(),
  })
  .strict()
  .refine((m) => m.columns.credit !== undefined || m.columns.amount !== undefined, {
    message: 'Name the column of money received (credit) or a signed amount column.',
    path: ['columns'],
  })
  .refine((m) => m.columns.direction === undefined || m.columns.amount !== undefined, {
    message: 'A direction column goes with an amount column.',
    path: ['columns', 'direction'],
  }) satisfies z.ZodType<StatementMapping, unknown>;

// The staff console's reconciliation API (issue 26 items 1–3), under /api/admin/payments.

export const statementMappingListSchema = z.object({
  mappings: z.array(statementMappingSchema.and(z.object({ builtin: z.boolean() }))),
});
export type StatementMappingList = z.infer<typeof statementMappingListSchema>;

export const statementUploadQuerySchema = z.object({ mapping: z.string().min(1).max(40) }).strict();

export const statementImportSchema = z.object({
  importId: z.uuid(),
  mappingId: z.string(),
  kind: z.enum(['csv', 'pdf']),
  uploadedAt: z.iso.datetime(),
  /** Lines of money in read from the file. */
  lines: z.number().int(),
  /** Of those, the ones not kept before (an overlapping statement adds only these). */
  newLines: z.number().int(),
  outgoing: z.number().int(),
  skipped: z.number().int(),
  firstLineAt: z.iso.datetime().nullable(),
  lastLineAt: z.iso.datetime().nullable(),
});
export type StatementImport = z.infer<typeof statementImportSchema>;

export const statementUploadResultSchema = z.object({
  import: statementImportSchema,
  /** Purchases the server approved at once (`AUTO_APPROVE_MATCHED=true`); empty otherwise. */
  autoApproved: z.array(z.uuid()),
});
export type StatementUploadResult = z.infer<typeof statementUploadResultSchema>;

/** A kept statement line as staff see it. */
export const statementLineViewSchema = z.object({
  identity: z.string(),
  source: z.string(),
  occurredAt: z.iso.datetime(),
  timeKnown: z.boolean(),
  amountCentavos: z.number().int(),
  reference: z.string().nullable(),
  sender: z.string().nullable(),
  description: z.string(),
});
export type StatementLineView = z.infer<typeof statementLineViewSchema>;

/** What OCR read from a purchase's screenshot, and whether it agrees with the statement line. */
export const screenshotReadingViewSchema = z.object({
  transactionId: z.uuid(),
  status: z.enum(['queued', 'reading', 'done', 'failed']),
  reference: z.string().nullable(),
  referenceConfidence: z.number().nullable(),
  amountCentavos: z.number().int().nullable(),
  paidAt: z.iso.datetime().nullable(),
  /** Against the statement line when there is one, else against the typed reference; null: unknown. */
  referenceAgrees: z.boolean().nullable(),
  /** Against the statement line when there is one, else against the price charged. */
  amountAgrees: z.boolean().nullable(),
  /** Another purchase already cites or read this reference: flagged like a reused code. */
  referenceUsedElsewhere: z.boolean(),
});
export type ScreenshotReadingView = z.infer<typeof screenshotReadingViewSchema>;

/**
 * How a purchase's statement line was matched (core `reconcile`): 'reference', by the reference it
 * cites and the amount; 'amountAndTime', by the amount alone within its window, for a purchase
 * that cites no reference.
 */
export const matchedBySchema = z.enum(['reference', 'amountAndTime']);
export type MatchedBy = z.infer<typeof matchedBySchema>;

export const reconciliationItemSchema = z.object({
  subscriptionId: z.uuid(),
  status: z.enum(['pending', 'forVerification']),
  studentEmail: z.string(),
  planName: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  chargedCentavos: z.number().int(),
  typedReferences: z.array(z.string()),
  readings: z.array(screenshotReadingViewSchema),
  /** The line the outcome relies on (matched, amount differs). */
  line: statementLineViewSchema.nullable(),
  matchedBy: matchedBySchema.nullable(),
  /** Set when the reference the purchase cites was spent by another purchase. */
  referenceUsed: z.object({ reference: z.string(), byOtherPurchase: z.boolean() }).nullable(),
  /** Open lines of the charged amount in its window (not in the statement): maybe its payment. */
  candidates: z.array(statementLineViewSchema),
});
export type ReconciliationItem = z.infer<typeof reconciliationItemSchema>;

export const reconciliationViewSchema = z.object({
  /** The newest statement line's time: purchases after it wait for a later statement. */
  coveredUntil: z.iso.datetime().nullable(),
  matched: z.array(reconciliationItemSchema),
  amountDiffers: z.array(reconciliationItemSchema),
  /** Older than the newest line yet unpaid in it, and purchases whose reference was spent. */
  notInStatement: z.array(reconciliationItemSchema),
  paidNotClaimed: z.array(statementLineViewSchema),
  /** Purchases newer than the statement: it cannot tell yet. */
  notYetCovered: z.number().int(),
  imports: z.array(statementImportSchema),
  autoApproveMatched: z.boolean(),
});
export type ReconciliationView = z.infer<typeof reconciliationViewSchema>;

export const approveMatchedBodySchema = z
  .object({
    /** The matched purchases staff saw; the server approves those still matched by reference. */
    subscriptionIds: z.array(z.uuid()).min(1).max(1000),
  })
  .strict();

export const approveMatchedResultSchema = z.object({
  approved: z.array(z.uuid()),
  /** Not approved: no longer matched by reference, or changed meanwhile. */
  skipped: z.array(z.object({ subscriptionId: z.uuid(), why: z.string() })),
});
export type ApproveMatchedResult = z.infer<typeof approveMatchedResultSchema>;

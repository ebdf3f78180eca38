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

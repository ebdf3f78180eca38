import { z } from 'zod';
import { payloadBytes, SESSION_LOG_LIMITS, SESSION_LOG_MESSAGES } from '../session-logs.ts';
import { inAppFormFunctionSchemas } from './in-app-form.ts';
import { paymentFunctionSchemas } from './payments.ts';

/**
 * Server functions (docs/product.md#server-functions, docs/product.md#server-functions): POST /api/functions/{name} with
 * `{ data }`, answered with `{ result }` or `{ error: { status, message } }`.
 * Each entry is the one schema for a function's input and result; server and web both use it.
 */
export const callableErrorStatusSchema = z.enum([
  'INVALID_ARGUMENT',
  'UNAUTHENTICATED',
  'PERMISSION_DENIED',
  'NOT_FOUND',
  'FAILED_PRECONDITION',
  'RESOURCE_EXHAUSTED',
  'INTERNAL',
  'UNAVAILABLE',
]);
export type CallableErrorStatus = z.infer<typeof callableErrorStatusSchema>;

export const callableErrorSchema = z.object({
  error: z.object({
    status: callableErrorStatusSchema,
    message: z.string(),
    /** What the client can do about it (the paywall's refusals: core `ContentDenial`). */
    reason: z.string().optional(),
  }),
  /** Quoted to support: the same id is on the server's log line for this request. */
  requestId: z.string().optional(),
});

export const KNOW_FROM_OPTIONS = [
  'Facebook',
  'TikTok',
  'YouTube',
  'Google search',
  'A friend or classmate',
  'My school or review center',
  'Other',
] as const;

export const functionSchemas = {
  getServerTime: {
    input: z.object({}).strict(),
    result: z.object({ serverTime: z.number().int() }),
  },
  addSessionLog: {
    input: z
      .object({
        type: z
          .string()
          .trim()
          .regex(/^[A-Za-z][\w.:-]{0,63}$/, 'A short name: letters, digits, . _ : -'),
        /** Issue 21 finding 5: a few KB of flat fields, never a document store. */
        payload: z
          .record(
            z.string().min(1).max(SESSION_LOG_LIMITS.maxKeyLength),
            z.union([
              z.string().max(SESSION_LOG_LIMITS.maxStringLength),
              z.number(),
              z.boolean(),
              z.null(),
            ]),
          )
          .refine((p) => Object.keys(p).length <= SESSION_LOG_LIMITS.maxKeys, {
            message: `At most ${SESSION_LOG_LIMITS.maxKeys} fields.`,
          })
          .refine((p) => payloadBytes(p) <= SESSION_LOG_LIMITS.maxBytes, {
            message: SESSION_LOG_MESSAGES.tooLarge,
          })
          .default({}),
      })
      .strict(),
    result: z.object({ success: z.literal(true) }),
  },
  applyRevAccess: {
    input: z
      .object({
        knowFrom: z.enum(KNOW_FROM_OPTIONS),
        reviewer: z.string().trim().min(1).max(32),
        /** The major, for a track whose mock has a major part (issue 12; not in docs/product.md#server-functions). */
        major: z.string().trim().min(1).max(64).optional(),
        /**
         * The name to show other students (issue 21 finding 6; core `validateDisplayName` on the
         * server). Left out, the student stays "Student" on the leaderboard until they choose one.
         */
        displayName: z.string().max(200).optional(),
        /** The official sitting the student is reviewing for (issue 23 item 1; skippable). */
        sitting: z.uuid().optional(),
      })
      .strict(),
    result: z.object({ success: z.literal(true), freeTrialStarted: z.boolean() }),
  },
  ...paymentFunctionSchemas,
  ...inAppFormFunctionSchemas,
} as const;

export type FunctionName = keyof typeof functionSchemas;
export type FunctionInput<N extends FunctionName> = z.input<(typeof functionSchemas)[N]['input']>;
export type FunctionResult<N extends FunctionName> = z.infer<(typeof functionSchemas)[N]['result']>;

import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { validateInAppForm } from '../validation.ts';

/**
 * The in-app free-trial form as a schema (docs/product.md#validation): `validateInAppForm` (validation.ts) decides,
 * and its one message becomes the issue; the output is the trimmed, lower-cased form.
 */
export const inAppFormSchema = z
  .object({
    firstName: z.string({ error: MESSAGES.ALL_FIELDS_REQUIRED }),
    lastName: z.string({ error: MESSAGES.ALL_FIELDS_REQUIRED }),
    email: z.string({ error: MESSAGES.ALL_FIELDS_REQUIRED }),
  })
  .transform((form, ctx) => {
    const checked = validateInAppForm(form);
    if (checked.ok) return checked.data;
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  });

/**
 * Server functions of the in-app free-trial form (docs/product.md#in-app-form, #validation, #server-functions), each
 * entry `{ input, result }` as in functions.ts. Both are callable WITHOUT a session: the form is
 * for people who have no account yet (docs/decisions/005-in-app-free-trial.md).
 *
 * The input is deliberately loose (strings, possibly empty): the rules of docs/product.md#validation live in
 * `validateInAppForm` (validation.ts), and the server answers a refusal as
 * `{ isSuccess: false, message }` so the form can show the server message (docs/product.md#server-functions, #errors).
 */
export const inAppFormFunctionSchemas = {
  submitInAppForm: {
    input: z
      .object({
        firstName: z.string().max(100),
        lastName: z.string().max(100),
        email: z.string().max(254),
      })
      .strict(),
    result: z.object({ isSuccess: z.boolean(), message: z.string() }),
  },
  incrementInAppFormVisit: {
    input: z.object({}).strict(),
    result: z.object({ success: z.boolean() }),
  },
} satisfies Record<string, { input: z.ZodType; result: z.ZodType }>;

/** The names of the public (session-less) server functions; the server routes them apart. */
export const PUBLIC_FUNCTION_NAMES = ['submitInAppForm', 'incrementInAppFormVisit'] as const;
export type PublicFunctionName = (typeof PUBLIC_FUNCTION_NAMES)[number];

/**
 * The server's refusals of submitInAppForm, shown as they come (docs/product.md#in-app-form "the server message").
 * Not in SPEC.md, which leaves the server's words open.
 */
export const IN_APP_FORM_SERVER_MESSAGES = {
  SUCCESS: 'Your free trial is ready. Check your email.',
  ACCOUNT_EXISTS: 'This email already has a Pasado account. Open the app and sign in.',
  MAIL_FAILED: 'We could not send the email right now. Please try again in a few minutes.',
} as const;

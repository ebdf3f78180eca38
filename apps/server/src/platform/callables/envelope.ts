import { type FunctionName, functionSchemas } from '@pasado/core';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { describeZodError } from '../plugins/error-handler.ts';

// A callable client sends `{"data": null}` (or no data at all) for "no payload" (docs/product.md#server-functions): both
// mean an empty payload, for every function alike.
const bodySchema = z.object({
  data: z
    .unknown()
    .optional()
    .transform((data) => data ?? {}),
});

export type CallableInput<N extends FunctionName> = z.output<(typeof functionSchemas)[N]['input']>;

/**
 * The server-function envelope (docs/product.md#server-functions), shared by the session-bound and the
 * public routes: `{ data }` is checked against the function's input schema, the function runs, and
 * its answer is checked against the result schema before it leaves as `{ result }`.
 */
export async function runCallable<N extends FunctionName>(
  name: N,
  body: unknown,
  run: (input: CallableInput<N>) => Promise<unknown>,
): Promise<{ result: unknown }> {
  const envelope = bodySchema.safeParse(body ?? {});
  if (!envelope.success) {
    throw new AppError('INVALID_ARGUMENT', 'The request body must be { "data": … }.');
  }
  const schemas = functionSchemas[name];
  const input = schemas.input.safeParse(envelope.data.data);
  if (!input.success) throw new AppError('INVALID_ARGUMENT', describeZodError(input.error));
  return { result: schemas.result.parse(await run(input.data as CallableInput<N>)) };
}

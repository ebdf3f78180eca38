import type { FunctionInput, FunctionName, FunctionResult } from '@pasado/core/contract';
import { FUNCTIONS_TIMEOUT_MS, serverTimeOf } from '@pasado/core/rules';
import { ApiError, apiFetch, toApiError } from './api.ts';

/**
 * The contract's schemas, and zod with them, load with the first call rather than with every screen
 * that could call (quiz home, the purchase page): 25 KB gzip off their first paint (issue 10).
 */
const loadSchemas = () => import('./function-schemas.ts').then((m) => m.functionSchemas);

/**
 * The callable envelope (docs/product.md#server-functions; docs/product.md#server-functions): POST /api/functions/{name} with
 * `{ data }`, answered `{ result }` or `{ error: { status, message } }`, 70 s timeout. Resolves to
 * the unchecked `result`; a refusal or failure is an ApiError.
 */
async function postFunction(
  name: FunctionName,
  data: unknown,
  options: { signal?: AbortSignal } = {},
): Promise<unknown> {
  const response = await apiFetch(`/api/functions/${name}`, {
    method: 'POST',
    json: { data },
    timeoutMs: FUNCTIONS_TIMEOUT_MS,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok) throw await toApiError(response);
  return ((await response.json()) as { result?: unknown }).result;
}

const unexpectedAnswer = () => new ApiError(502, 'Unexpected answer from the server.', 'INTERNAL');

/**
 * Calls a server function through the envelope. The input and the result are checked with the
 * contract's zod schemas, loaded with the first call.
 */
export async function callFunction<N extends FunctionName>(
  name: N,
  data: FunctionInput<N>,
  options: { signal?: AbortSignal } = {},
): Promise<FunctionResult<N>> {
  const schema = (await loadSchemas())[name];
  const input = schema.input.safeParse(data);
  if (!input.success) throw new ApiError(400, 'Invalid request.', 'INVALID_ARGUMENT');
  const result = schema.result.safeParse(await postFunction(name, input.data, options));
  if (!result.success) throw unexpectedAnswer();
  return result.data as FunctionResult<N>;
}

/**
 * getServerTime (docs/product.md#server-functions): the server clock in ms, falling back to the device time on failure.
 * The one call whose answer is not checked with the contract's schemas: the clock is read before
 * the purchase page's first paint and under every screen's trial banner, and loading and building
 * the schemas there was 23 KB and a 160 ms task at 4× CPU in front of the purchase page (issue 10).
 * Its input is empty, and core's serverTimeOf accepts exactly the results the contract's schema
 * accepts.
 */
export async function getServerTime(): Promise<number> {
  try {
    const serverTime = serverTimeOf(await postFunction('getServerTime', {}));
    if (serverTime === null) throw unexpectedAnswer();
    return serverTime;
  } catch (error) {
    console.warn('getServerTime failed; using the device clock', error);
    return Date.now();
  }
}

/** addSessionLog (docs/product.md#server-functions): a failure is only logged (docs/product.md#errors). */
export async function addSessionLog(
  type: string,
  payload: FunctionInput<'addSessionLog'>['payload'] = {},
): Promise<boolean> {
  try {
    return (await callFunction('addSessionLog', { type, payload })).success;
  } catch (error) {
    console.warn('addSessionLog failed', error);
    return false;
  }
}

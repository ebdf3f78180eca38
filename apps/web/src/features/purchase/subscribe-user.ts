import type { FunctionInput, PurchaseResult } from '@pasado/core';
import { callFunction } from '../../lib/call-function.ts';

/**
 * subscribeUser (docs/product.md#server-functions; docs/decisions/004-purchases.md): the transaction and the pending
 * subscription in one call. The server quotes the price itself; the amounts here are what the page
 * showed, so a price that changed under the student is refused instead of charged.
 */
export function subscribeUser(input: FunctionInput<'subscribeUser'>): Promise<PurchaseResult> {
  return callFunction('subscribeUser', input);
}

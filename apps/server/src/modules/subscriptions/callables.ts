import type { ServerFunction } from '../../platform/callables/context.ts';
import { addTransaction } from './add-transaction.ts';
import { subscribeUser } from './subscribe-user.ts';
import { updateSubscriptionStatus } from './update-subscription-status.ts';

/** The payments issue's server functions, keyed by name (see core contract/payments.ts). */
export const paymentFunctions: {
  subscribeUser: ServerFunction<'subscribeUser'>;
  addTransaction: ServerFunction<'addTransaction'>;
  updateSubscriptionStatus: ServerFunction<'updateSubscriptionStatus'>;
} = { subscribeUser, addTransaction, updateSubscriptionStatus };

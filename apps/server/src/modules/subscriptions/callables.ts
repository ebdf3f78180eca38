import type { ServerFunction } from '../../platform/callables/context.ts';
import { addTransaction, subscribeUser } from './purchase.service.ts';
import { updateSubscriptionStatus } from './staff-status.service.ts';

/** The subscriptions module's server functions (docs/product.md#server-functions; core contract/payments.ts), by name. */
export const subscriptionFunctions: {
  subscribeUser: ServerFunction<'subscribeUser'>;
  addTransaction: ServerFunction<'addTransaction'>;
  updateSubscriptionStatus: ServerFunction<'updateSubscriptionStatus'>;
} = {
  subscribeUser: (ctx, input) => subscribeUser(ctx.db, ctx.session, input, ctx.now),
  addTransaction: (ctx, input) => addTransaction(ctx.db, ctx.session, input, ctx.now),
  updateSubscriptionStatus: (ctx, input) =>
    updateSubscriptionStatus(ctx.db, ctx.session, input, ctx.now),
};

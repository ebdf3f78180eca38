import type { ServerFunction } from '../../platform/callables/context.ts';
import { applyRevAccess } from './onboarding.ts';

/** The account module's server functions (docs/product.md#server-functions), by name. */
export const accountFunctions: { applyRevAccess: ServerFunction<'applyRevAccess'> } = {
  applyRevAccess: (ctx, input) => applyRevAccess(ctx.db, ctx.session.userId, input, ctx.now),
};

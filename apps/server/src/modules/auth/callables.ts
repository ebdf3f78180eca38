import type { ServerFunction } from '../../platform/callables/context.ts';
import { keepSessionLog } from './service.ts';

/** The auth module's server functions (docs/product.md#server-functions), by name. */
export const authFunctions: { addSessionLog: ServerFunction<'addSessionLog'> } = {
  async addSessionLog(ctx, input) {
    await keepSessionLog(ctx.db, ctx.session.userId, input, ctx.now);
    return { success: true };
  },
};

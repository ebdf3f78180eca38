import type { ServerFunction } from '../../platform/callables/context.ts';
import { applyRevAccess } from './service.ts';

/** The users module's server functions (SPEC §7), by name. */
export const userFunctions: { applyRevAccess: ServerFunction<'applyRevAccess'> } = {
  applyRevAccess: (ctx, input) => applyRevAccess(ctx.db, ctx.session.userId, input, ctx.now),
};

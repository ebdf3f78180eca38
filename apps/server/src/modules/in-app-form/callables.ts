import type { PublicFunctionName } from '@pasado/core';
import type { ServerFunction } from '../../platform/callables/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { PublicServerFunction } from './context.ts';
import { countFormVisit, submitInAppForm } from './service.ts';

/**
 * The in-app form's functions as PUBLIC functions (no session): routes.ts serves
 * POST /api/functions/{submitInAppForm,incrementInAppFormVisit} outside the authenticated scope.
 */
export const publicInAppFormFunctions: { [N in PublicFunctionName]: PublicServerFunction<N> } = {
  submitInAppForm: (ctx, input) => submitInAppForm(ctx, input),
  async incrementInAppFormVisit(ctx) {
    await countFormVisit(ctx.db, ctx.now);
    return { success: true };
  },
};

const servedPublicly = (name: PublicFunctionName) => async (): Promise<never> => {
  // Unreachable in practice: the static public routes win over /functions/:name in the router.
  throw new AppError('NOT_FOUND', `${name} is served by its public route.`);
};

/**
 * Their entries in the session-bound registry (which must name every function of the contract):
 * the public routes take precedence, so these never run.
 */
export const inAppFormFunctions: { [N in PublicFunctionName]: ServerFunction<N> } = {
  submitInAppForm: servedPublicly('submitInAppForm'),
  incrementInAppFormVisit: servedPublicly('incrementInAppFormVisit'),
};

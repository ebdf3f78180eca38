import type { FunctionName } from '@pasado/core';
import { addSessionLog } from '../modules/auth/add-session-log.ts';
import { inAppFormFunctions } from '../modules/in-app-form/callables.ts';
import { paymentFunctions } from '../modules/subscriptions/callables.ts';
import { applyRevAccess } from '../modules/users/apply-rev-access.ts';
import type { ServerFunction } from '../platform/callables/context.ts';
import { getServerTime } from '../platform/callables/get-server-time.ts';

/** Every callable the web app may invoke; issues 3–5 add theirs here. */
export const serverFunctions: { [N in FunctionName]: ServerFunction<N> } = {
  getServerTime,
  addSessionLog,
  applyRevAccess,
  ...paymentFunctions,
  ...inAppFormFunctions,
};

import type { FunctionName } from '@pasado/core';
import { accountFunctions } from '../modules/account/callables.ts';
import { authFunctions } from '../modules/auth/callables.ts';
import { inAppFormFunctions } from '../modules/in-app-form/callables.ts';
import { subscriptionFunctions } from '../modules/subscriptions/callables.ts';
import type { ServerFunction } from '../platform/callables/context.ts';
import { getServerTime } from '../platform/callables/get-server-time.ts';

/** Every callable the web app may invoke; issues 3–5 add theirs here. */
export const serverFunctions: { [N in FunctionName]: ServerFunction<N> } = {
  getServerTime,
  ...authFunctions,
  ...accountFunctions,
  ...subscriptionFunctions,
  ...inAppFormFunctions,
};

import type { FunctionName } from '@pasado/core';
import { addSessionLog } from './add-session-log.ts';
import { applyRevAccess } from './apply-rev-access.ts';
import type { ServerFunction } from './context.ts';
import { getServerTime } from './get-server-time.ts';
import { inAppFormFunctions } from './in-app-form/index.ts';
import { paymentFunctions } from './payments/index.ts';

/** Every callable the web app may invoke; issues 3–5 add theirs here. */
export const serverFunctions: { [N in FunctionName]: ServerFunction<N> } = {
  getServerTime,
  addSessionLog,
  applyRevAccess,
  ...paymentFunctions,
  ...inAppFormFunctions,
};

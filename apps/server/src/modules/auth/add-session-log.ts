import type { ServerFunction } from '../../platform/callables/context.ts';
import { addSessionLog as insertSessionLog } from './session-logs.repository.ts';

/** Keeps a client-side session event for support (SPEC §7 addSessionLog). */
export const addSessionLog: ServerFunction<'addSessionLog'> = async (ctx, input) => {
  await insertSessionLog(ctx.db.db, {
    userId: ctx.session.userId,
    type: input.type,
    payload: input.payload,
  });
  return { success: true };
};

import { addSessionLog as insertSessionLog } from '../repositories/session-logs.ts';
import type { ServerFunction } from './context.ts';

/** Keeps a client-side session event for support (SPEC §7 addSessionLog). */
export const addSessionLog: ServerFunction<'addSessionLog'> = async (ctx, input) => {
  await insertSessionLog(ctx.db.db, {
    userId: ctx.session.userId,
    type: input.type,
    payload: input.payload,
  });
  return { success: true };
};

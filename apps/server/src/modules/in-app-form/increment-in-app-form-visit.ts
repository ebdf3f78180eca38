import { manilaDayKey } from '@pasado/core';
import type { PublicServerFunction } from './context.ts';
import { incrementVisits } from './repository.ts';

/** incrementInAppFormVisit (SPEC §7): counts one visit of the form on today's
 * Manila date (DESIGN.md "Time": days are Asia/Manila). */
export const incrementInAppFormVisit: PublicServerFunction<'incrementInAppFormVisit'> = async (
  ctx,
) => {
  await incrementVisits(ctx.db.db, manilaDayKey(ctx.now));
  return { success: true };
};

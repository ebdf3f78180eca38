import { tasksDenial } from '@pasado/core';
import type { Executor } from '../../platform/db/client.ts';
import { unauthenticated } from '../../platform/errors/app-error.ts';
import { contentRefusal } from '../account/content-access.ts';
import { findTasksAccess } from './tasks-access.read-model.ts';

/**
 * Tasks' writes (a reward claim, a streak freeze) award or spend gems, so the server decides who
 * may make them, not the web app's guard: refused exactly when the guard keeps the student from
 * Tasks (core `tasksDenial`), with the paywall's 403 and reason (account `contentRefusal`), which
 * the web app answers as it does any paywall refusal: it reads the claims again and the guard moves
 * the page. Call it with the user row locked, before anything is read for the write: staff change
 * a status holding that row (subscriptions/status.service.ts), so a write that waited on them
 * decides on the status they left, and one that did not finishes before they change it.
 */
export async function requireTasksAccess(ex: Executor, userId: string, now: Date): Promise<void> {
  const access = await findTasksAccess(ex, userId);
  if (!access) throw unauthenticated();
  const denial = tasksDenial({ ...access, now });
  if (denial !== null) throw contentRefusal(denial);
}

import { type UserDoc, userDocSchema, validateDisplayName } from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { AppError, unauthenticated } from '../../platform/errors/app-error.ts';
import { perUserTopic } from '../../platform/live/hub.ts';
import { readThrough } from '../../platform/per-user-cache.ts';
import { setDisplayName } from '../users/repository.ts';
import type { UserDocCache } from './user-caches.ts';
import { getUserDoc } from './user-doc.read-model.ts';

/**
 * GET /api/me: the caller's users/{uid} document (docs/product.md#entities), from `cache` when it holds it (PGlite,
 * user-caches.ts); a database read fills it unless the document changed while it ran.
 */
export async function readUserDoc(
  db: Db,
  userId: string,
  cache: UserDocCache | null = null,
): Promise<UserDoc> {
  const doc = await readThrough(cache, userId, userId, () => getUserDoc(db, userId));
  if (!doc) throw unauthenticated();
  return doc;
}

/** The live stream's `users/{uid}` topic: the user's own document. */
export const userTopic = perUserTopic(getUserDoc, userDocSchema);

/**
 * The name other students see on the leaderboard, set by the student on the account page
 * (issue 9, finding 12); the rule is core's validateDisplayName.
 */
export async function changeDisplayName(db: Db, userId: string, input: string): Promise<UserDoc> {
  const checked = validateDisplayName(input);
  if (!checked.ok) throw new AppError('INVALID_ARGUMENT', checked.message);
  await db.transaction((tx) => setDisplayName(tx, userId, checked.value));
  return readUserDoc(db, userId);
}

import type { UserDoc } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { LiveHub } from '../../platform/live/hub.ts';
import { notifiedPerUserCache, type PerUserCache } from '../../platform/per-user-cache.ts';
import type { ClaimsSnapshot } from './claims.read-model.ts';

/** The users/{uid} document by user id (`GET /api/me`). */
export type UserDocCache = PerUserCache<UserDoc>;
/** Claims and the current subscription's expiry by user id (`GET /api/auth/claims`). */
export type ClaimsCache = PerUserCache<ClaimsSnapshot>;

/**
 * The bound on a change that forgot to announce users/{uid}. On PGlite no notice can be missed (it
 * is delivered in-process while the writer's COMMIT runs), so the TTL only guards against a bug.
 */
export const USER_CACHE_TTL_MS = 5_000;
/** One embedded process serves one machine's students; a document is about a kilobyte. */
const USER_CACHE_MAX_ENTRIES = 10_000;

interface UserCaches {
  doc: UserDocCache;
  claims: ClaimsCache;
}

const caches = new WeakMap<LiveHub, UserCaches>();

/**
 * What the hot reads serve from memory, on the embedded PGlite only (ADR 022). Both are read from
 * the user row, its current subscription and (claims) its reviewer grants, and every change to
 * those touches the user (`touchUser`, the progress writes), announcing `users/{uid}`. On PGlite
 * that notice reaches these caches while the writer's COMMIT runs, before its transaction resolves,
 * so a student never reads back anything older than their own write. On PostgreSQL it arrives on
 * another connection some time after COMMIT, on other processes later still: null, always read.
 */
function userCachesOf(app: FastifyInstance): UserCaches | null {
  if (app.database.engine !== 'pglite') return null;
  const hub = app.liveHub;
  let found = caches.get(hub);
  if (!found) {
    const options = {
      ttlMs: USER_CACHE_TTL_MS,
      maxEntries: USER_CACHE_MAX_ENTRIES,
      now: () => app.clock.nowMs(),
    };
    // Every change the app makes touches the user; a subscription notice alone (a change made
    // outside the app's services) clears both: it names no user, and such changes are rare.
    const kinds = { perUser: ['users'], clearAll: ['subscriptions'] };
    found = {
      doc: notifiedPerUserCache<UserDoc>(hub, kinds, options),
      claims: notifiedPerUserCache<ClaimsSnapshot>(hub, kinds, options),
    };
    caches.set(hub, found);
  }
  return found;
}

export function userDocCacheOf(app: FastifyInstance): UserDocCache | null {
  return userCachesOf(app)?.doc ?? null;
}

export function claimsCacheOf(app: FastifyInstance): ClaimsCache | null {
  return userCachesOf(app)?.claims ?? null;
}

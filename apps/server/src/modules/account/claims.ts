import { type ClaimsResponse, grantsAccess } from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { readThrough } from '../../platform/per-user-cache.ts';
import type { LiveSession } from '../../platform/session.ts';
import type { SessionCache } from '../auth/session-plugin.ts';
import { expireLapsedSubscription } from '../subscriptions/status.service.ts';
import { getClaims, getClaimsSnapshot } from './claims.read-model.ts';
import type { ClaimsCache } from './user-caches.ts';

/**
 * The caller's claims (docs/product.md#sessions), read from the database, or on PGlite from the claims
 * cache that every change to them invalidates before its transaction resolves (ADR 022); `force`
 * always reads the database. A lapsed subscription is expired first, so claims never grant access
 * that has ended.
 */
export async function currentClaims(
  db: Db,
  caches: { session: SessionCache; claims: ClaimsCache | null },
  session: LiveSession,
  input: { now: Date; force: boolean },
): Promise<ClaimsResponse> {
  const { now } = input;
  const snapshot = await readThrough(
    input.force ? null : caches.claims,
    session.userId,
    session.userId,
    () => getClaimsSnapshot(db, session.userId),
  );
  if (!snapshot) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  // The web app's guard trusts these claims; the session this process holds must agree.
  if (snapshot.claims.role !== session.role || snapshot.claims.email !== session.email) {
    caches.session.forgetUser(session.userId);
  }
  const { claims, subscriptionExpiry, subscriptionId } = snapshot;
  const mayBeOverdue =
    grantsAccess(claims.subscriptionStatus) &&
    subscriptionExpiry !== null &&
    subscriptionExpiry.getTime() <= now.getTime();
  if (!mayBeOverdue) return { claims, subscriptionExpired: false, expiredSubscriptionId: null };
  const expired = await db.transaction(async (tx) => {
    const ended = await expireLapsedSubscription(tx, session.userId, now);
    return { claims: await getClaims(tx, session.userId), subscriptionExpired: ended };
  });
  if (!expired.claims) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return {
    claims: expired.claims,
    subscriptionExpired: expired.subscriptionExpired,
    expiredSubscriptionId: expired.subscriptionExpired ? subscriptionId : null,
  };
}

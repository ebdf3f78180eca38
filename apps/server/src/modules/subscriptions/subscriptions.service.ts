import { type SubscriptionDoc, subscriptionDocSchema } from '@pasado/core';
import type { Caller } from '../../platform/callables/context.ts';
import type { Db, Executor } from '../../platform/db/client.ts';
import { notFound, permissionDenied } from '../../platform/errors/app-error.ts';
import type { LiveTopicKind } from '../../platform/live/hub.ts';
import { findUserByEmail, type UserRow } from '../users/repository.ts';
import {
  findSubscription,
  listSubscriptionsOf,
  type SubscriptionRow,
} from './subscriptions.repository.ts';
import { listTransactionIdsOf } from './transactions.repository.ts';

/** The subscriptions/{id} document (docs/product.md#entities), with its transaction ids oldest first. */
async function subscriptionDoc(ex: Executor, id: string): Promise<SubscriptionDoc | null> {
  const row = await findSubscription(ex, id);
  if (!row) return null;
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    isFreeTrial: row.isFreeTrial,
    expiryDate: row.expiryDate.toISOString(),
    selectedPlan: row.selectedPlan ?? null,
    coachId: row.coachId,
    coachEmail: row.coachEmail,
    transactionIds: await listTransactionIdsOf(ex, id),
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/subscriptions/:id: the document, for its owner or staff only. */
export async function readSubscriptionDoc(
  db: Db,
  viewer: Pick<Caller, 'userId' | 'role'>,
  id: string,
): Promise<SubscriptionDoc> {
  const doc = await subscriptionDoc(db, id);
  if (!doc) throw notFound('No such subscription.');
  if (doc.userId !== viewer.userId && viewer.role !== 'admin') throw permissionDenied();
  return doc;
}

/** The live stream's `subscriptions/{id}` topic: the document, watched by its owner (or staff). */
export const subscriptionTopic: LiveTopicKind = {
  read: subscriptionDoc,
  document: subscriptionDocSchema,
  async ownerOf(db, id) {
    // Not a uuid, or gone: nobody owns it.
    const sub = await findSubscription(db, id).catch(() => null);
    return sub?.userId ?? null;
  },
};

/** The operator CLI's `subscriptions <email>`: the user and their subscriptions, newest first. */
export async function subscriptionsOfEmail(
  db: Db,
  email: string,
): Promise<{ user: UserRow; subscriptions: SubscriptionRow[] } | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  return { user, subscriptions: await listSubscriptionsOf(db, user.id) };
}

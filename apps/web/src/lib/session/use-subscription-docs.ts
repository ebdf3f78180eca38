import type { SubscriptionDoc, UserDoc } from '@pasado/core/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMe } from './get-me.ts';
import { subscriptionQueryOptions } from './get-subscription.ts';

export type SubscriptionDocs = {
  me: UserDoc | undefined;
  current: SubscriptionDoc | null | undefined;
  /** The queued documents loaded so far (the live stream keeps them current). */
  queued: SubscriptionDoc[];
  /** True once the user, the current and every queued subscription have loaded. */
  ready: boolean;
  /** A load failed (and nothing is cached for it). */
  error: boolean;
  retry: () => void;
};

/** The user's document, the current subscription and the queued ones (docs/product.md#entities, #states). */
export function useSubscriptionDocs(): SubscriptionDocs {
  const me = useMe();
  const currentId = me.data?.subscription?.id ?? null;
  const current = useQuery({
    ...subscriptionQueryOptions(currentId ?? ''),
    enabled: currentId !== null,
  });
  const queuedIds = me.data?.queuedSubscriptions ?? [];
  const queued = useQueries({ queries: queuedIds.map((id) => subscriptionQueryOptions(id)) });
  const queuedDocs = queued.flatMap((q) => (q.data ? [q.data] : []));
  const currentDoc = currentId === null ? null : current.data;
  const failed = [me, current, ...queued].filter((q) => q.isError && q.data === undefined);
  return {
    me: me.data,
    current: currentDoc,
    queued: queuedDocs,
    ready:
      me.data !== undefined && currentDoc !== undefined && queuedDocs.length === queuedIds.length,
    error: failed.length > 0,
    retry: () => {
      for (const q of failed) void q.refetch();
    },
  };
}

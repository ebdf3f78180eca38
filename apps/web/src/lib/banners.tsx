import type { SubscriptionDoc, UserDoc } from '@pasado/core/contract';
import {
  PATHS,
  type SubscriptionBanner,
  type SubscriptionStatus,
  subscriptionBanner,
} from '@pasado/core/rules';
import type { QueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { meQueryKey } from './session/get-me.ts';
import { subscriptionQueryKey } from './session/get-subscription.ts';

/**
 * The top banner area (docs/product.md#app-shell): the offline notice plus the subscription banners.
 * Any component registers a banner with useRegisterBanner; the shell renders useBanners() in order
 * and sets the page's top padding from their count.
 */
export type BannerTone = 'info' | 'warning' | 'danger' | 'success';

export type Banner = {
  id: string;
  /** Lower shows first; the offline notice is 0. */
  order: number;
  tone: BannerTone;
  content: ReactNode;
  /** A slot the shell holds for a banner still loading (withSubscriptionSlot). */
  reserved?: true;
};

/**
 * The subscription banner's place in the banner area (docs/product.md#subscription-banner; drawn by
 * features/banners, which loads after the first paint). The shell reserves this slot from the
 * session it already holds at first paint, so the banner's late arrival moves nothing (issue 10:
 * CLS ≤ 0.02).
 */
export const SUBSCRIPTION_BANNER = { id: 'subscription', order: 10 } as const;

/** Each subscription banner's tone: the reserved slot is painted in it before the banner arrives. */
export const SUBSCRIPTION_BANNER_TONES = {
  freeTrial: 'info',
  pending: 'info',
  approved: 'success',
  forVerification: 'danger',
} as const satisfies Record<SubscriptionBanner['kind'], BannerTone>;

type SubscriptionFacts = { id: string; status: SubscriptionStatus };

/**
 * The subscription banner this page shows (core's `subscriptionBanner`), or null: none, or the
 * free trial's on the purchase page, which shows the discount itself (docs/product.md#screens). `queued` are the
 * documents loaded so far of the user's `queuedCount` queued subscriptions. One rule for the
 * banner (features/banners) and for the slot the shell reserves for it.
 */
export function subscriptionBannerHere(input: {
  current: (SubscriptionFacts & { isFreeTrial: boolean; expiryDate: string }) | null;
  queued: readonly SubscriptionFacts[];
  queuedCount: number;
  pathname: string;
}): SubscriptionBanner | null {
  const choice = subscriptionBanner(input);
  const onPurchasePage = input.pathname.replace(/\/+$/, '') === PATHS.purchase;
  return choice?.kind === 'freeTrial' && onPurchasePage ? null : choice;
}

/**
 * The banners to draw: those registered, plus a same-toned slot for the subscription banner the
 * shell expects (`expected`) while that banner has not registered yet, holding what the shell can
 * already say (`content`: the free trial's end date) or nothing.
 */
export function withSubscriptionSlot(
  shown: readonly Banner[],
  expected: SubscriptionBanner['kind'] | null,
  content: ReactNode,
): readonly Banner[] {
  if (expected === null || shown.some((b) => b.id === SUBSCRIPTION_BANNER.id)) return shown;
  const slot: Banner = {
    ...SUBSCRIPTION_BANNER,
    tone: SUBSCRIPTION_BANNER_TONES[expected],
    content,
    reserved: true,
  };
  return [...shown, slot].sort((a, b) => a.order - b.order);
}

/**
 * The kind of subscription banner expected on `pathname`, read from the session documents in the
 * query cache (the user, the current and the queued subscriptions, which the route guard loads
 * before the first paint). Read while the shell renders, not subscribed to: a slot only matters
 * until the banner registers, and a banner that registers or leaves renders the shell again.
 */
export function expectedSubscriptionBanner(
  client: QueryClient,
  pathname: string,
): SubscriptionBanner['kind'] | null {
  const me = client.getQueryData<UserDoc>(meQueryKey);
  if (!me) return null;
  const doc = (id: string) => client.getQueryData<SubscriptionDoc>(subscriptionQueryKey(id));
  const current = me.subscription ? doc(me.subscription.id) : null;
  if (current === undefined) return null;
  const queued = me.queuedSubscriptions.flatMap((id) => doc(id) ?? []);
  const queuedCount = me.queuedSubscriptions.length;
  return subscriptionBannerHere({ current, queued, queuedCount, pathname })?.kind ?? null;
}

type BannerStore = {
  subscribe(listener: () => void): () => void;
  snapshot(): readonly Banner[];
  put(banner: Banner): void;
  remove(id: string): void;
};

function createBannerStore(): BannerStore {
  let banners: readonly Banner[] = [];
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => banners,
    put(banner) {
      banners = [...banners.filter((b) => b.id !== banner.id), banner].sort(
        (a, b) => a.order - b.order,
      );
      emit();
    },
    remove(id) {
      if (!banners.some((b) => b.id === id)) return;
      banners = banners.filter((b) => b.id !== id);
      emit();
    },
  };
}

const BannerContext = createContext<BannerStore | null>(null);

export function BannerProvider({ children }: { children: ReactNode }) {
  const store = useMemo(createBannerStore, []);
  return <BannerContext value={store}>{children}</BannerContext>;
}

function useBannerStore(): BannerStore {
  const store = useContext(BannerContext);
  if (!store) throw new Error('BannerProvider is missing');
  return store;
}

/** The banners currently shown, in display order. */
export function useBanners(): readonly Banner[] {
  const store = useBannerStore();
  return useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
}

/** Shows `banner` while the calling component is mounted and the banner is not null. */
export function useRegisterBanner(banner: Banner | null): void {
  const store = useBannerStore();
  useEffect(() => {
    if (!banner) return;
    store.put(banner);
    return () => store.remove(banner.id);
  }, [store, banner]);
}

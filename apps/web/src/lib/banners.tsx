import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';

/**
 * The top banner area (SPEC §2 App shell): the offline notice plus the subscription banners.
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
};

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

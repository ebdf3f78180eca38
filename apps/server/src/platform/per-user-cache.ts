import type { LiveHub } from './live/hub.ts';

/**
 * When a database read began, as seen by the cache: a read may only fill the cache if nothing
 * about its user was invalidated after it began (otherwise a read that saw a row just before a
 * change committed could put it back after the change's invalidation).
 */
export interface ReadMark {
  readonly epoch: number;
  readonly at: number;
}

export interface PerUserCacheOptions {
  /** How long an entry is served without asking the database: the bound on a missed notice. */
  ttlMs: number;
  /** Oldest entries are dropped beyond this (memory bound: one entry per recently active user). */
  maxEntries: number;
  /** Milliseconds since the epoch: the app's clock (platform/clock.ts), a test's own in unit tests. */
  now: () => number;
}

interface Entry<V> {
  readonly value: V;
  readonly userId: string;
  readonly expiresAtMs: number;
  readonly freshUntilMs: number;
}

/** A read that took longer than this may not fill the cache (its invalidations are forgotten). */
const INVALIDATION_MEMORY_MS = 30_000;

/**
 * Values read from the database, each belonging to one user, for the hot authenticated reads
 * (docs/product.md#quality-bars quality bar): the session cache (by token hash) and, on PGlite, the users/{uid}
 * document cache. An entry is served for at most `ttlMs` and never past its own expiry;
 * `forgetUser` drops a user's entries at once and refuses fills from reads begun before it.
 */
export class PerUserCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysByUser = new Map<string, Set<string>>();
  /** userId → the epoch and time of its latest invalidation, oldest first. */
  private readonly invalidated = new Map<string, ReadMark>();
  private epoch = 0;
  private clearedAtEpoch = 0;
  private readonly now: () => number;

  constructor(private readonly options: PerUserCacheOptions) {
    this.now = options.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value behind a key, if cached, fresh and not expired. */
  get(key: string): V | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const now = this.now();
    if (now >= entry.freshUntilMs || now >= entry.expiresAtMs) {
      this.delete(key);
      return null;
    }
    return entry.value;
  }

  /** Take before reading the database; hand to `put` with what the read found. */
  mark(): ReadMark {
    return { epoch: this.epoch, at: this.now() };
  }

  /**
   * Caches what a database read begun at `mark` found, unless its user changed since. The value
   * is frozen, deeply: concurrent requests share it and nobody may change it.
   */
  put(
    key: string,
    userId: string,
    value: V,
    mark: ReadMark,
    expiresAtMs = Number.POSITIVE_INFINITY,
  ): void {
    const now = this.now();
    if (mark.epoch < this.clearedAtEpoch || now - mark.at > INVALIDATION_MEMORY_MS) return;
    const last = this.invalidated.get(userId);
    if (last && last.epoch > mark.epoch) return;
    this.delete(key);
    while (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    this.entries.set(key, {
      value: deepFreeze(structuredClone(value)),
      userId,
      expiresAtMs,
      freshUntilMs: now + this.options.ttlMs,
    });
    let keys = this.keysByUser.get(userId);
    if (!keys) {
      keys = new Set();
      this.keysByUser.set(userId, keys);
    }
    keys.add(key);
  }

  /** Drops one key's entry (the database found it gone). */
  forgetKey(key: string): void {
    this.delete(key);
  }

  /** Drops every entry of a user and refuses fills from reads begun before now. */
  forgetUser(userId: string): void {
    this.epoch += 1;
    const now = this.now();
    this.invalidated.delete(userId);
    this.invalidated.set(userId, { epoch: this.epoch, at: now });
    for (const [id, mark] of this.invalidated) {
      if (now - mark.at <= INVALIDATION_MEMORY_MS) break;
      this.invalidated.delete(id);
    }
    for (const key of this.keysByUser.get(userId) ?? []) this.entries.delete(key);
    this.keysByUser.delete(userId);
  }

  /** Drops everything and refuses fills from reads begun before now. */
  clear(): void {
    this.epoch += 1;
    this.clearedAtEpoch = this.epoch;
    this.entries.clear();
    this.keysByUser.clear();
    this.invalidated.clear();
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.keysByUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(entry.userId);
  }
}

/**
 * The value behind `key` from `cache` when it holds it, else what `load` reads from the database,
 * which fills the cache unless `userId` was invalidated while it ran. No cache: always `load`.
 */
export async function readThrough<V>(
  cache: PerUserCache<V> | null,
  key: string,
  userId: string,
  load: () => Promise<V | null>,
): Promise<V | null> {
  if (!cache) return load();
  const cached = cache.get(key);
  if (cached) return cached;
  const mark = cache.mark();
  const value = await load();
  if (value !== null) cache.put(key, userId, value, mark);
  return value;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * A cache kept in step by the live hub: a notice whose topic kind is in `perUser` names a user
 * (`users/{uid}`, `sessions/{uid}`) and drops that user's entries; one whose kind is in `clearAll`
 * names something else a cached value may show (`subscriptions/{id}`) and drops everything, as
 * does a resync (notices may have been missed while the database was unreachable).
 */
export function notifiedPerUserCache<V>(
  hub: LiveHub,
  kinds: { perUser: readonly string[]; clearAll?: readonly string[] },
  options: PerUserCacheOptions,
): PerUserCache<V> {
  const cache = new PerUserCache<V>(options);
  hub.subscribeNotices((notice) => {
    const [kind, id] = notice.topic.split('/');
    if (!kind || !id) return;
    if (kinds.perUser.includes(kind)) cache.forgetUser(id);
    else if (kinds.clearAll?.includes(kind)) cache.clear();
  });
  hub.subscribeResync(() => cache.clear());
  return cache;
}

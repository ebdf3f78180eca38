import type { LiveSession } from './sessions.repository.ts';

/**
 * When a database read began, as seen by the cache: a read may only fill the cache if nothing
 * about its user was invalidated after it began (otherwise a read that saw a session just before
 * its revocation committed could put it back after the revocation's invalidation).
 */
export interface ReadMark {
  readonly epoch: number;
  readonly at: number;
}

export interface SessionCacheOptions {
  /** How long an entry is served without asking the database: the bound on a missed NOTIFY. */
  ttlMs: number;
  /** Oldest entries are dropped beyond this (memory bound: one entry per recently active user). */
  maxEntries: number;
  /** Milliseconds since the epoch: the app's clock (platform/clock.ts), a test's own in unit tests. */
  now: () => number;
}

interface Entry {
  readonly session: LiveSession;
  readonly expiresAtMs: number;
  readonly freshUntilMs: number;
}

/** A read that took longer than this may not fill the cache (its invalidations are forgotten). */
const INVALIDATION_MEMORY_MS = 30_000;

/**
 * Live sessions by token hash, for the hot authenticated reads (DESIGN.md quality bar). An entry
 * is served for at most `ttlMs` and never past the session's expiry; `forgetUser` drops a user's
 * entries at once (sign-out and sign-in on this process, and every `sessions/{uid}` or
 * `users/{uid}` NOTIFY from any process).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tokensByUser = new Map<string, Set<string>>();
  /** userId → the epoch and time of its latest invalidation, oldest first. */
  private readonly invalidated = new Map<string, ReadMark>();
  private epoch = 0;
  private clearedAtEpoch = 0;
  private readonly now: () => number;

  constructor(private readonly options: SessionCacheOptions) {
    this.now = options.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The session behind a token hash, if cached, fresh and not expired. */
  get(tokenHash: string): LiveSession | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    const now = this.now();
    if (now >= entry.freshUntilMs || now >= entry.expiresAtMs) {
      this.delete(tokenHash);
      return null;
    }
    return entry.session;
  }

  /** Take before reading the database; hand to `put` with what the read found. */
  mark(): ReadMark {
    return { epoch: this.epoch, at: this.now() };
  }

  /** Caches what a database read begun at `mark` found, unless the user changed since. */
  put(tokenHash: string, session: LiveSession, expiresAt: Date, mark: ReadMark): void {
    const now = this.now();
    if (mark.epoch < this.clearedAtEpoch || now - mark.at > INVALIDATION_MEMORY_MS) return;
    const last = this.invalidated.get(session.userId);
    if (last && last.epoch > mark.epoch) return;
    this.delete(tokenHash);
    while (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    this.entries.set(tokenHash, {
      // Shared by concurrent requests: nobody may change it.
      session: Object.freeze({ ...session }),
      expiresAtMs: expiresAt.getTime(),
      freshUntilMs: now + this.options.ttlMs,
    });
    let tokens = this.tokensByUser.get(session.userId);
    if (!tokens) {
      tokens = new Set();
      this.tokensByUser.set(session.userId, tokens);
    }
    tokens.add(tokenHash);
  }

  /** Drops one token's entry (the database found it no longer live). */
  forgetToken(tokenHash: string): void {
    this.delete(tokenHash);
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
    for (const tokenHash of this.tokensByUser.get(userId) ?? []) this.entries.delete(tokenHash);
    this.tokensByUser.delete(userId);
  }

  /** Drops everything and refuses fills from reads begun before now. */
  clear(): void {
    this.epoch += 1;
    this.clearedAtEpoch = this.epoch;
    this.entries.clear();
    this.tokensByUser.clear();
    this.invalidated.clear();
  }

  private delete(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    const tokens = this.tokensByUser.get(entry.session.userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensByUser.delete(entry.session.userId);
  }
}

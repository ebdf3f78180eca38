import { describe, expect, it } from 'vitest';
import { PerUserCache } from '../../src/platform/per-user-cache.ts';
import type { LiveSession } from '../../src/platform/session.ts';

const TTL = 5_000;

function setup(maxEntries = 100) {
  const clock = { now: 1_000_000 };
  const cache = new PerUserCache<LiveSession>({ ttlMs: TTL, maxEntries, now: () => clock.now });
  return { cache, clock };
}

const session = (userId: string, tokenHash = `hash-${userId}`): LiveSession => ({
  tokenHash,
  userId,
  deviceId: `device-${userId}`,
  email: `${userId}@example.com`,
  role: 'student',
});

const farFuture = 10_000_000_000_000;

describe('PerUserCache (the session cache and the user document cache)', () => {
  it('serves an entry for the TTL, then asks the database again', () => {
    const { cache, clock } = setup();
    cache.put('t1', 'u1', session('u1'), cache.mark(), farFuture);
    expect(cache.get('t1')).toEqual(session('u1'));
    clock.now += TTL - 1;
    expect(cache.get('t1')).not.toBeNull();
    clock.now += 1;
    expect(cache.get('t1')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('never serves a session past its expiry, however fresh the entry', () => {
    const { cache, clock } = setup();
    cache.put('t1', 'u1', session('u1'), cache.mark(), clock.now + 1_000);
    clock.now += 999;
    expect(cache.get('t1')).not.toBeNull();
    clock.now += 1;
    expect(cache.get('t1')).toBeNull();
  });

  it("forgetUser drops every entry of that user and nobody else's", () => {
    const { cache } = setup();
    cache.put('t1', 'u1', session('u1', 't1'), cache.mark(), farFuture);
    cache.put('t1b', 'u1', session('u1', 't1b'), cache.mark(), farFuture);
    cache.put('t2', 'u2', session('u2', 't2'), cache.mark(), farFuture);
    cache.forgetUser('u1');
    expect(cache.get('t1')).toBeNull();
    expect(cache.get('t1b')).toBeNull();
    expect(cache.get('t2')).not.toBeNull();
  });

  it('refuses what a read begun before an invalidation found (it may predate a revocation)', () => {
    const { cache } = setup();
    const before = cache.mark();
    cache.forgetUser('u1');
    cache.put('t1', 'u1', session('u1'), before, farFuture);
    expect(cache.get('t1')).toBeNull();
    // Another user's invalidation does not hold u2's read back.
    const read = cache.mark();
    cache.forgetUser('u1');
    cache.put('t2', 'u2', session('u2'), read, farFuture);
    expect(cache.get('t2')).not.toBeNull();
    // A read begun after the invalidation may fill.
    cache.put('t1', 'u1', session('u1'), cache.mark(), farFuture);
    expect(cache.get('t1')).not.toBeNull();
  });

  it('refuses a read that took longer than it remembers invalidations for', () => {
    const { cache, clock } = setup();
    const slow = cache.mark();
    clock.now += 60_000;
    cache.put('t1', 'u1', session('u1'), slow, farFuture);
    expect(cache.get('t1')).toBeNull();
  });

  it('clear drops everything and refuses reads begun before it', () => {
    const { cache } = setup();
    const before = cache.mark();
    cache.put('t1', 'u1', session('u1'), cache.mark(), farFuture);
    cache.clear();
    expect(cache.get('t1')).toBeNull();
    cache.put('t2', 'u2', session('u2'), before, farFuture);
    expect(cache.get('t2')).toBeNull();
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const { cache } = setup(2);
    cache.put('t1', 'u1', session('u1'), cache.mark(), farFuture);
    cache.put('t2', 'u2', session('u2'), cache.mark(), farFuture);
    cache.put('t3', 'u3', session('u3'), cache.mark(), farFuture);
    expect(cache.size).toBe(2);
    expect(cache.get('t1')).toBeNull();
    expect(cache.get('t3')).not.toBeNull();
    // The dropped entry's user index is gone too: forgetting u1 touches nobody else.
    cache.forgetUser('u1');
    expect(cache.size).toBe(2);
  });

  it('holds entries without an expiry of their own for the TTL', () => {
    const { cache, clock } = setup();
    cache.put('u1', 'u1', session('u1'), cache.mark());
    clock.now += TTL - 1;
    expect(cache.get('u1')).not.toBeNull();
    clock.now += 1;
    expect(cache.get('u1')).toBeNull();
  });

  it('hands out a frozen copy, shared by concurrent requests', () => {
    const { cache } = setup();
    const original = session('u1');
    cache.put('t1', 'u1', original, cache.mark(), farFuture);
    const served = cache.get('t1');
    expect(Object.isFrozen(served)).toBe(true);
    original.role = 'admin';
    expect(cache.get('t1')?.role).toBe('student');
  });

  it('freezes nested values too (a document with its gems and queue)', () => {
    const cache = new PerUserCache<{ gems: Record<string, number>; queued: string[] }>({
      ttlMs: TTL,
      maxEntries: 10,
      now: () => 0,
    });
    const doc = { gems: { Beginner: 3 }, queued: ['s1'] };
    cache.put('u1', 'u1', doc, cache.mark());
    const served = cache.get('u1');
    expect(Object.isFrozen(served?.gems)).toBe(true);
    expect(Object.isFrozen(served?.queued)).toBe(true);
    doc.gems.Beginner = 4;
    expect(served?.gems.Beginner).toBe(3);
  });
});

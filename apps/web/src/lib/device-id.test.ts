import { deobfuscate } from '@pasado/core/rules';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDeviceId, getOrCreateDeviceId, readDeviceId } from './device-id.ts';

// IndexedDB's answers arrive a task later; the in-memory store keeps that, so two callers can
// both read "nothing stored" before either has written.
const stored = new Map<string, unknown>();
const later = () => new Promise((resolve) => setTimeout(resolve, 1));
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  get: async (key: string) => {
    await later();
    return stored.get(key);
  },
  set: async (key: string, value: unknown) => {
    await later();
    stored.set(key, value);
  },
  del: async (key: string) => {
    await later();
    stored.delete(key);
  },
  // A readwrite transaction: IndexedDB runs those on one store one after another, across tabs.
  update: (key: string, updater: (old: unknown) => unknown) => {
    transactions = transactions.then(async () => {
      await later();
      stored.set(key, updater(stored.get(key)));
    });
    return transactions;
  },
}));
let transactions: Promise<void> = Promise.resolve();

// A second tab of the app: the same IndexedDB, a module (and its memory) of its own.
const otherTab = (await import(
  `./device-id.ts?${'another-tab'}`
)) as typeof import('./device-id.ts');

describe('the local device id (docs/product.md#single-device)', () => {
  beforeEach(() => stored.clear());

  it('one id when the login page and a quick tap both ask for it at once', async () => {
    // The login page prepares the id on load; a tap before that finishes asks again. Two ids
    // meant the popup signed in with one while the other was stored: the invalid-device alert.
    const [first, second] = await Promise.all([getOrCreateDeviceId(), getOrCreateDeviceId()]);
    expect(second).toBe(first);
    expect(await readDeviceId()).toBe(first);
    expect(deobfuscate(String(stored.get('deviceId')))).toBe(first);
  });

  it('one id when two tabs ask for it at once on a phone that has none', async () => {
    // Two tabs opened together (a restored session, a link opened twice) each read "nothing
    // stored"; the one whose id was overwritten signed in with an id the phone no longer had.
    const [first, second] = await Promise.all([
      getOrCreateDeviceId(),
      otherTab.getOrCreateDeviceId(),
    ]);
    expect(second).toBe(first);
    expect(await readDeviceId()).toBe(first);
  });

  it('a stored id that cannot be read is replaced; a stored one is kept', async () => {
    stored.set('deviceId', 42);
    const replaced = await getOrCreateDeviceId();
    expect(await readDeviceId()).toBe(replaced);
    expect(await otherTab.getOrCreateDeviceId()).toBe(replaced);
  });

  it('keeps the stored id, and makes a new one once it is cleared', async () => {
    const kept = await getOrCreateDeviceId();
    expect(await getOrCreateDeviceId()).toBe(kept);
    await clearDeviceId();
    expect(await readDeviceId()).toBeNull();
    const next = await getOrCreateDeviceId();
    expect(next).not.toBe(kept);
    expect(await readDeviceId()).toBe(next);
  });
});

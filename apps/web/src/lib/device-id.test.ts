import { deobfuscate } from '@pasado/core/rules';
import { beforeEach, describe, expect, it, vi } from 'vitest';

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
}));

// The web project's files share their modules (isolate: false): another file may have loaded
// device-id.ts on the real idb-keyval, so this one loads a copy of its own, on the mock.
const { clearDeviceId, getOrCreateDeviceId, readDeviceId } = (await import(
  `./device-id.ts?${'on-a-mock'}`
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

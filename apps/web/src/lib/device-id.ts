import { deobfuscate, LOCAL_DB_NAME, LOCAL_DB_STORE, obfuscate } from '@pasado/core/rules';
import { createStore, del, get, update } from 'idb-keyval';

/**
 * The local device id (docs/product.md#local-session-table, #errors; docs/product.md#single-device):
 * IndexedDB database 'pasado' version 1, store 'sessions-table', key 'deviceId', value obfuscated.
 * idb-keyval opens the database without a version, which creates it at version 1.
 */
const DEVICE_ID_KEY = 'deviceId';

let store: ReturnType<typeof createStore> | null = null;
const sessionStore = () => {
  store ??= createStore(LOCAL_DB_NAME, LOCAL_DB_STORE);
  return store;
};

/** The stored device id, or null when none is stored. Throws when IndexedDB or the value is unreadable. */
export async function readDeviceId(): Promise<string | null> {
  return idOf(await get<unknown>(DEVICE_ID_KEY, sessionStore()));
}

function idOf(stored: unknown): string | null {
  if (stored === undefined || stored === null) return null;
  if (typeof stored !== 'string') throw new Error('Malformed device id');
  return deobfuscate(stored);
}

let creating: Promise<string> | null = null;

/**
 * The stored device id, creating and storing a new random one when none exists. Callers at once
 * share one answer: the login page prepares the id on load and a quick tap asks again, and two
 * creations raced, so the popup signed in with one id while the other was stored.
 */
export function getOrCreateDeviceId(): Promise<string> {
  creating ??= readOrCreate().finally(() => {
    creating = null;
  });
  return creating;
}

/**
 * Reads and, when none is stored, writes in one readwrite transaction, which IndexedDB runs one
 * at a time on the store: two tabs opened together each read "nothing stored" and each wrote its
 * own id, and the tab whose id was overwritten signed in with one the phone no longer had. A read
 * that fails fails the whole transaction, so a passing IndexedDB error never replaces a good id.
 */
async function readOrCreate(): Promise<string> {
  let id: string | null = null;
  await update<unknown>(
    DEVICE_ID_KEY,
    (stored) => {
      try {
        id = idOf(stored);
      } catch {
        // A malformed value is replaced.
      }
      if (id) return stored;
      id = crypto.randomUUID();
      return obfuscate(id);
    },
    sessionStore(),
  );
  if (!id) throw new Error('The device id was not stored');
  return id;
}

/** Forgets the device id; failures are only logged (docs/product.md#errors "a failed persistence clear"). */
export async function clearDeviceId(): Promise<void> {
  try {
    await del(DEVICE_ID_KEY, sessionStore());
  } catch (error) {
    console.warn('Could not clear the local device id', error);
  }
}

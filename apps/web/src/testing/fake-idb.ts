/**
 * idb-keyval on the phone's IndexedDB as maps, one per database, each answer a task later:
 * `vi.mock('idb-keyval', () => import('…/testing/fake-idb.ts'))`. happy-dom has no IndexedDB.
 * A file uses it through vi.mock, so it runs with a module graph of its own (project web-mocking),
 * but the file's tests share the maps: a test empties them when done.
 */
export const databases = new Map<string, Map<IDBValidKey, unknown>>();

/** The database's map (made empty on first use). */
export function db(name: string): Map<IDBValidKey, unknown> {
  let kept = databases.get(name);
  if (!kept) {
    kept = new Map();
    databases.set(name, kept);
  }
  return kept;
}

const later = () => new Promise((resolve) => setTimeout(resolve, 1));

export const createStore = (name: string) => name;
export async function get(key: IDBValidKey, name: string): Promise<unknown> {
  await later();
  return db(name).get(key);
}
export async function set(key: IDBValidKey, value: unknown, name: string): Promise<void> {
  await later();
  db(name).set(key, value);
}
export async function update(
  key: IDBValidKey,
  change: (old: unknown) => unknown,
  name: string,
): Promise<void> {
  await later();
  db(name).set(key, change(db(name).get(key)));
}
export async function del(key: IDBValidKey, name: string): Promise<void> {
  await later();
  db(name).delete(key);
}
export async function keys(name: string): Promise<IDBValidKey[]> {
  await later();
  return [...db(name).keys()];
}
export async function entries(name: string): Promise<[IDBValidKey, unknown][]> {
  await later();
  return [...db(name).entries()];
}
export async function clear(name: string): Promise<void> {
  await later();
  db(name).clear();
}

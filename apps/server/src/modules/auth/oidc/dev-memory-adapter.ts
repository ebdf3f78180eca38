import type { Adapter, AdapterPayload } from 'oidc-provider';

// Models whose records belong to a grant and go when it is revoked (same set as oidc-provider's
// own memory adapter, lib/adapters/memory_adapter.js).
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

type Entry = { payload: AdapterPayload; expiresAt: number };

/**
 * In-memory storage for the development identity provider: one store per provider, expiring
 * entries, bounded in size. We pass our own instead of oidc-provider's built-in one only because
 * the built-in one prints a warning on every start; like it, everything is lost on restart, which
 * costs a development user one more sign-in.
 */
export function createDevMemoryAdapter({ maxEntries = 10_000 }: { maxEntries?: number } = {}) {
  const entries = new Map<string, Entry>();
  const keyBySessionUid = new Map<string, string>();
  const keyByUserCode = new Map<string, string>();
  const keysByGrantId = new Map<string, Set<string>>();

  const read = (key: string | undefined): AdapterPayload | undefined => {
    if (key === undefined) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      remove(key);
      return undefined;
    }
    return structuredClone(entry.payload);
  };

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const { uid, userCode, grantId } = entry.payload;
    if (uid !== undefined && keyBySessionUid.get(uid) === key) keyBySessionUid.delete(uid);
    if (userCode !== undefined && keyByUserCode.get(userCode) === key) {
      keyByUserCode.delete(userCode);
    }
    if (grantId !== undefined) {
      const members = keysByGrantId.get(grantId);
      members?.delete(key);
      if (members?.size === 0) keysByGrantId.delete(grantId);
    }
  };

  const makeRoom = () => {
    if (entries.size < maxEntries) return;
    const now = Date.now();
    for (const [key, entry] of entries) {
      if (entry.expiresAt <= now) remove(key);
    }
    // Still full: drop the oldest (Map keeps insertion order).
    for (const key of entries.keys()) {
      if (entries.size < maxEntries) break;
      remove(key);
    }
  };

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyOf(id);
        remove(key);
        makeRoom();
        const expiresAt =
          typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
        entries.set(key, { payload: structuredClone(payload), expiresAt });
        if (model === 'Session' && payload.uid !== undefined) keyBySessionUid.set(payload.uid, key);
        if (payload.userCode !== undefined) keyByUserCode.set(payload.userCode, key);
        if (GRANTABLE.has(model) && payload.grantId !== undefined) {
          const members = keysByGrantId.get(payload.grantId) ?? new Set<string>();
          members.add(key);
          keysByGrantId.set(payload.grantId, members);
        }
      },
      async find(id) {
        return read(keyOf(id));
      },
      async findByUid(uid) {
        return read(keyBySessionUid.get(uid));
      },
      async findByUserCode(userCode) {
        return read(keyByUserCode.get(userCode));
      },
      async consume(id) {
        const entry = entries.get(keyOf(id));
        if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        remove(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const key of [...(keysByGrantId.get(grantId) ?? [])]) remove(key);
        keysByGrantId.delete(grantId);
      },
    };
  };
}

import type { Claims } from '@pasado/core/contract';
import type { QueryClient } from '@tanstack/react-query';
import { claimsQueryKey } from './get-claims.ts';

/**
 * Whose data the query cache holds beside the claims: the student the claims last named, or the
 * one whose snapshot was restored from the phone (lib/offline/offline-snapshot.ts). Undefined
 * before either.
 */
let owner: string | null | undefined;

/** The cache now holds `uid`'s data (a snapshot of theirs was put back). */
export function cacheHolds(uid: string): void {
  owner = uid;
}

/**
 * Empties the cache (the claims aside) whenever the claims name someone else than the student
 * whose data it holds, or no one: keys carry no student id, so after a sign-out that did not go
 * through /logout (the session ended by another device, a sign-out in another tab, a restored
 * snapshot met by a 401) the next student to sign in on this page was shown the last one's
 * screens, and the phone's snapshot kept them under the new student's id.
 */
export function watchCacheOwner(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryKey[0] !== claimsQueryKey[0]) return;
    const uid = (event.query.state.data as Claims | null | undefined)?.uid ?? null;
    if (owner !== undefined && owner !== uid) {
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== claimsQueryKey[0] });
    }
    owner = uid;
  });
}

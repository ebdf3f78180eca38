import type { Claims } from '@pasado/core/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cacheHolds, watchCacheOwner } from './cache-owner.ts';
import { claimsQueryKey } from './get-claims.ts';

const claimsOf = (uid: string) => ({ uid }) as unknown as Claims;
const quizHome = ['quiz-home', 'cse'];

// A shared phone: the keys of the cache carry no student id, so what one student's screens read
// must go when the claims name someone else, whatever ended the first one's session.
describe("the query cache holds one student's data (docs/decisions/019-offline-caching.md)", () => {
  function signedIn(uid: string) {
    const client = new QueryClient();
    const stop = watchCacheOwner(client);
    client.setQueryData(claimsQueryKey, claimsOf(uid));
    client.setQueryData(quizHome, { owner: uid });
    return { client, stop };
  }

  it('is emptied when the claims name no one (a session ended elsewhere), then someone else', () => {
    const { client, stop } = signedIn('student-a');
    client.setQueryData(claimsQueryKey, claimsOf('student-a'));
    expect(client.getQueryData(quizHome)).toEqual({ owner: 'student-a' });
    client.setQueryData(claimsQueryKey, null);
    expect(client.getQueryData(quizHome)).toBeUndefined();
    expect(client.getQueryData(claimsQueryKey)).toBeNull();
    // B signs in on this page: their screens read theirs, and keep it.
    client.setQueryData(claimsQueryKey, claimsOf('student-b'));
    client.setQueryData(quizHome, { owner: 'student-b' });
    client.setQueryData(claimsQueryKey, claimsOf('student-b'));
    expect(client.getQueryData(quizHome)).toEqual({ owner: 'student-b' });
    stop();
  });

  it("is emptied when a restored snapshot was another student's", () => {
    const client = new QueryClient();
    const stop = watchCacheOwner(client);
    // The phone put back the last student's screens, then the sign-in on this page was B's.
    cacheHolds('student-a');
    client.setQueryData(quizHome, { owner: 'student-a' });
    client.setQueryData(claimsQueryKey, claimsOf('student-b'));
    expect(client.getQueryData(quizHome)).toBeUndefined();
    // Their own snapshot is theirs to paint from.
    cacheHolds('student-b');
    client.setQueryData(quizHome, { owner: 'student-b' });
    client.setQueryData(claimsQueryKey, claimsOf('student-b'));
    expect(client.getQueryData(quizHome)).toEqual({ owner: 'student-b' });
    stop();
  });
});

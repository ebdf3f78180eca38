import { describe, expect, it, vi } from 'vitest';
import { forgetSignedOut } from './clear-offline-data.ts';

// The phone's stores: the last student is 'last'; deleting the first student's kept content fails.
const forgotten: string[] = [];
vi.mock('./offline-snapshot.ts', () => ({
  lastStudent: async () => 'last',
  forgetSnapshot: async () => undefined,
}));
vi.mock('./outbox.ts', () => ({ keepOrphansFor: async () => undefined }));
vi.mock('./content-store.ts', () => ({
  forgetContent: async (uid: string) => {
    if (uid === 'signed-out') throw new Error('the store cannot be read');
    forgotten.push(uid);
  },
}));

// docs/offline.md: the sign-out forgets the student it ended and the phone's last student. An
// unreadable store fails the deletion aloud, but one student's failure must not keep the other's.
describe('forgetSignedOut', () => {
  it('forgets every student it names when one deletion fails, then fails aloud', async () => {
    await expect(forgetSignedOut('signed-out')).rejects.toThrow('the store cannot be read');
    expect(forgotten).toEqual(['last']);
  });
});

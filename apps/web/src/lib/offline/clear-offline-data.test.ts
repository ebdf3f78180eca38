import { describe, expect, it, vi } from 'vitest';
import { sendWaitingChanges } from './clear-offline-data.ts';
import * as outbox from './outbox.ts';

// The outbox's IndexedDB, holding an answer an earlier visit could not send; reads take a task.
const stored = new Map<number, unknown>();
const later = () => new Promise((resolve) => setTimeout(resolve, 1));
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  entries: async () => {
    await later();
    return [...stored.entries()];
  },
  get: async () => undefined,
  keys: async () => [],
  set: async (key: number, value: unknown) => {
    await later();
    stored.set(key, value);
  },
  del: async (key: number) => {
    await later();
    stored.delete(key);
  },
  clear: async () => {
    await later();
    stored.clear();
  },
}));
const sent: string[] = [];
vi.mock('../api.ts', () => ({
  apiFetch: async (path: string) => {
    await later();
    sent.push(path);
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  },
}));

// docs/product.md#sign-in: waiting writes get their last chance before the sign-out. A sign-out
// right after the page loaded, before the outbox had read the device, saw nothing waiting and
// never sent what an earlier visit had left.
describe('sign-out right after a reload', () => {
  it('sends what an earlier visit left', async () => {
    const path = '/api/quiz/cse-pro/attempts/a1/answers/q5';
    stored.set(1, {
      id: 1,
      key: 'mock-answer:a1:q5',
      kind: 'mock-answer',
      uid: 'u1',
      method: 'PUT',
      path,
      body: { choiceIndex: 2 },
      meta: { attemptId: 'a1', questionId: 'q5' },
      createdAt: 1,
    });
    const stop = outbox.startOutbox('u1');
    await sendWaitingChanges();
    stop();
    expect(sent).toEqual([path]);
    expect(stored.size).toBe(0);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// One IndexedDB store, shared by the two tabs below; its answers arrive a task later.
const stored = new Map<number, unknown>();
const later = () => new Promise((resolve) => setTimeout(resolve, 1));
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  entries: async () => {
    await later();
    return [...stored.entries()];
  },
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

// The server: what each PUT of an item set it to, in order; down until told otherwise.
let online = false;
const sent: unknown[] = [];
vi.mock('../api.ts', () => ({
  apiFetch: async (_path: string, init: { json: unknown }) => {
    await later();
    if (!online) throw new TypeError('Failed to fetch');
    sent.push(init.json);
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  },
}));
// Each test starts offline, with nothing sent or stored, whichever test ran before it.
beforeEach(() => {
  online = false;
  sent.length = 0;
  stored.clear();
});

// Two tabs of the app: the same IndexedDB, each with an outbox module (and memory) of its own, so
// each loads a copy of the module under a tag of its own.
const firstTab = (await import(`./outbox.ts?${'first-tab'}`)) as typeof import('./outbox.ts');
const secondTab = (await import(`./outbox.ts?${'second-tab'}`)) as typeof import('./outbox.ts');

const answer = (choiceIndex: number) => ({
  key: 'mock-answer:a1:q5',
  kind: 'mock-answer' as const,
  method: 'PUT' as const,
  path: '/api/quiz/cse/attempts/a1/answers/q5',
  body: { choiceIndex },
  meta: { attemptId: 'a1', questionId: 'q5' },
});

describe('the outbox across two tabs (docs/decisions/019-offline-caching.md)', () => {
  const stops: (() => void)[] = [];
  beforeAll(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stops.push(firstTab.startOutbox('u1'), secondTab.startOutbox('u1'));
  });
  afterAll(() => {
    for (const stop of stops) stop();
    vi.restoreAllMocks();
  });

  it('never sends again what the other tab sent: a stale answer would overwrite the newer one', async () => {
    // Offline, the student answers A in the first tab; the second tab reads it from the store.
    await firstTab.enqueue(answer(0), { merge: true });
    await firstTab.flush();
    await secondTab.flush();
    expect(secondTab.outboxState().entries).toHaveLength(1);
    // Back online, the first tab sends A, then the student changes it to C, which it sends too.
    online = true;
    await firstTab.flush();
    await firstTab.enqueue(answer(2), { merge: true });
    await firstTab.flush();
    expect(sent).toEqual([{ choiceIndex: 0 }, { choiceIndex: 2 }]);
    // The second tab's turn: its copy of A is gone from the store, so it is not sent again.
    await secondTab.flush();
    expect(sent).toEqual([{ choiceIndex: 0 }, { choiceIndex: 2 }]);
    expect(secondTab.outboxState().entries).toEqual([]);
    expect(stored.size).toBe(0);
  });
});

// docs/offline.md: the phone's clock went back an hour since the last visit, which left an answer
// waiting. The mock screen's next answer to that item came before the outbox had read the store:
// it neither replaced the stored one nor came after it (its id, from the clock, was smaller), so
// the stale answer was shown as the pending choice and sent last, overwriting the newer one.
describe('an answer given before the outbox has read the store', () => {
  it('replaces the one an earlier visit left, whatever the clock says', async () => {
    // A page just loaded, whose outbox has not read the store: a module of its own, as the tabs'.
    const laterTab = (await import(
      `./outbox.ts?${'clock-set-back'}`
    )) as typeof import('./outbox.ts');
    const anHourAhead = (Date.now() + 3_600_000) * 1_000;
    stored.set(anHourAhead, {
      ...answer(0),
      id: anHourAhead,
      uid: 'u1',
      createdAt: anHourAhead / 1_000,
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stop = laterTab.startOutbox('u1');
    try {
      // The background sync is reading the store while the student picks C.
      await laterTab.enqueue(answer(2), { merge: true });
      await laterTab.flush();
      expect(laterTab.outboxState().entries.map((e) => e.body)).toEqual([{ choiceIndex: 2 }]);

      online = true;
      await laterTab.flush();
      expect(sent).toEqual([{ choiceIndex: 2 }]);
      expect(stored.size).toBe(0);
    } finally {
      stop();
      vi.restoreAllMocks();
    }
  });
});

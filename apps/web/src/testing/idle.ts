import { vi } from 'vitest';

/** The browser's idle callbacks, stubbed: the test decides when the page is idle. */
export type IdleMoments = {
  /** Callbacks waiting for an idle moment, by handle. */
  waiting: Map<number, IdleRequestCallback>;
  /** Runs the first waiting callback (throws when none waits). */
  next: () => void;
  /** Runs every callback waiting now. */
  all: () => void;
};

/** Stubs requestIdleCallback and cancelIdleCallback (undo with `vi.unstubAllGlobals()`). */
export function stubIdleCallbacks(): IdleMoments {
  const waiting = new Map<number, IdleRequestCallback>();
  let nextId = 1;
  vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) => {
    waiting.set(nextId, run);
    return nextId++;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => waiting.delete(id));
  const run = (id: number, callback: IdleRequestCallback) => {
    waiting.delete(id);
    callback({ didTimeout: false, timeRemaining: () => 50 });
  };
  return {
    waiting,
    next: () => {
      const [first] = waiting;
      if (!first) throw new Error('nothing waits for an idle moment');
      run(...first);
    },
    all: () => {
      for (const entry of [...waiting]) run(...entry);
    },
  };
}

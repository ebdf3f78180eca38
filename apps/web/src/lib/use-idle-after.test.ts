import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleAfter } from './use-idle-after.ts';

/** The browser's idle callbacks, run by the test. */
let waiting: Map<number, IdleRequestCallback>;

function idleNow(): void {
  for (const [id, run] of waiting) {
    waiting.delete(id);
    run({ didTimeout: false, timeRemaining: () => 50 });
  }
}

beforeEach(() => {
  waiting = new Map();
  let nextId = 1;
  vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) => {
    waiting.set(nextId, run);
    return nextId++;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => waiting.delete(id));
});
afterEach(() => vi.unstubAllGlobals());

describe('useIdleAfter', () => {
  it('waits for ready, then for an idle moment', () => {
    const { result, rerender } = renderHook(({ ready }) => useIdleAfter(ready), {
      initialProps: { ready: false },
    });
    act(idleNow);
    expect(result.current).toBe(false);
    rerender({ ready: true });
    expect(result.current).toBe(false);
    act(idleNow);
    expect(result.current).toBe(true);
  });

  it('starts the load in the idle moment, and is true only once it has settled', async () => {
    let finish: () => void = () => undefined;
    const load = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const { result } = renderHook(() => useIdleAfter(true, load));
    expect(load).not.toHaveBeenCalled();
    act(idleNow);
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current).toBe(false);
    await act(async () => finish());
    expect(result.current).toBe(true);
  });

  it('is true after a load that failed too: what needs it reports the failure', async () => {
    const { result } = renderHook(() =>
      useIdleAfter(true, () => Promise.reject(new Error('offline'))),
    );
    await act(async () => idleNow());
    expect(result.current).toBe(true);
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type IdleMoments, stubIdleCallbacks } from '../testing/idle.ts';
import { useIdleAfter } from './use-idle-after.ts';

let idle: IdleMoments;

beforeEach(() => {
  idle = stubIdleCallbacks();
});
afterEach(() => vi.unstubAllGlobals());

describe('useIdleAfter', () => {
  it('waits for ready, then for an idle moment', () => {
    const { result, rerender } = renderHook(({ ready }) => useIdleAfter(ready), {
      initialProps: { ready: false },
    });
    act(idle.all);
    expect(result.current).toBe(false);
    rerender({ ready: true });
    expect(result.current).toBe(false);
    act(idle.all);
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
    act(idle.all);
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current).toBe(false);
    await act(async () => finish());
    expect(result.current).toBe(true);
  });

  it('is true after a load that failed too: what needs it reports the failure', async () => {
    const { result } = renderHook(() =>
      useIdleAfter(true, () => Promise.reject(new Error('offline'))),
    );
    await act(async () => idle.all());
    expect(result.current).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchWhenIdle } from './prefetch-when-idle.ts';

/** The browser's idle callbacks, run by the test one idle moment at a time. */
let waiting: Map<number, IdleRequestCallback>;
let nextId: number;

function idleOnce(): void {
  const [first] = waiting;
  if (!first) throw new Error('nothing waits for an idle moment');
  waiting.delete(first[0]);
  first[1]({ didTimeout: false, timeRemaining: () => 50 });
}

beforeEach(() => {
  waiting = new Map();
  nextId = 1;
  vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) => {
    waiting.set(nextId, run);
    return nextId++;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => waiting.delete(id));
});
afterEach(() => vi.unstubAllGlobals());

describe('prefetchWhenIdle', () => {
  it('starts one load an idle moment, in order, so no idle moment starts two', () => {
    const started: string[] = [];
    const load = (name: string) => () => {
      started.push(name);
      return Promise.resolve();
    };
    prefetchWhenIdle([load('a'), load('b'), load('c')]);
    expect(started).toEqual([]);
    idleOnce();
    expect(started).toEqual(['a']);
    idleOnce();
    expect(started).toEqual(['a', 'b']);
    idleOnce();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(waiting.size).toBe(0);
  });

  it('goes on past a load that fails', async () => {
    const started: string[] = [];
    prefetchWhenIdle([
      () => {
        started.push('broken');
        return Promise.reject(new Error('offline'));
      },
      () => {
        started.push('next');
        return Promise.resolve();
      },
    ]);
    idleOnce();
    idleOnce();
    await Promise.resolve();
    expect(started).toEqual(['broken', 'next']);
  });

  it('starts nothing more once stopped', () => {
    const started: string[] = [];
    const stop = prefetchWhenIdle([
      () => {
        started.push('a');
        return Promise.resolve();
      },
      () => {
        started.push('b');
        return Promise.resolve();
      },
    ]);
    idleOnce();
    stop();
    expect(waiting.size).toBe(0);
    expect(started).toEqual(['a']);
  });
});

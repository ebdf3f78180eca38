import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type IdleMoments, stubIdleCallbacks } from '../testing/idle.ts';
import { prefetchWhenIdle } from './prefetch-when-idle.ts';

let idle: IdleMoments;

beforeEach(() => {
  idle = stubIdleCallbacks();
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
    idle.next();
    expect(started).toEqual(['a']);
    idle.next();
    expect(started).toEqual(['a', 'b']);
    idle.next();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(idle.waiting.size).toBe(0);
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
    idle.next();
    idle.next();
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
    idle.next();
    stop();
    expect(idle.waiting.size).toBe(0);
    expect(started).toEqual(['a']);
  });
});

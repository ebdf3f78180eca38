import type { RouterState } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepScrollPlaces } from './scroll-places.ts';

/** A router that moves when told, and a window whose scroll the test reads and sets. */
function setUp() {
  const listeners: ((state: RouterState) => void)[] = [];
  let state = { location: { key: 'home', hash: '' }, historyAction: 'POP' } as RouterState;
  const router = {
    get state() {
      return state;
    },
    subscribe(listener: (next: RouterState) => void) {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  };
  const go = (key: string, more: Partial<RouterState> & { hash?: string } = {}) => {
    const { hash = '', ...rest } = more;
    state = {
      location: { key, hash },
      historyAction: 'PUSH',
      preventScrollReset: false,
      ...rest,
    } as RouterState;
    for (const listener of listeners) listener(state);
  };
  return { router, go };
}

let y = 0;
const frames: FrameRequestCallback[] = [];
const drawFrames = () => {
  while (frames.length > 0) frames.shift()?.(0);
};

beforeEach(() => {
  y = 0;
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
  vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
    y = options.top ?? y;
  }) as typeof window.scrollTo);
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => frames.splice(0));
});
afterEach(() => {
  vi.restoreAllMocks();
  frames.splice(0);
});

describe('keepScrollPlaces', () => {
  it('opens a new page at the top and returns to the place on Back', () => {
    const { router, go } = setUp();
    const stop = keepScrollPlaces(router);
    y = 900;
    go('study');
    drawFrames();
    expect(y).toBe(0);
    go('home', { historyAction: 'POP' } as Partial<RouterState>);
    drawFrames();
    expect(y).toBe(900);
    stop();
  });

  it('keeps the place for a query rewritten in place, and leaves a #fragment to the browser', () => {
    const { router, go } = setUp();
    const stop = keepScrollPlaces(router);
    y = 300;
    go('filtered', { historyAction: 'REPLACE', preventScrollReset: true } as Partial<RouterState>);
    drawFrames();
    expect(y).toBe(300);
    go('fragment', { hash: '#main' });
    drawFrames();
    expect(y).toBe(300);
    stop();
  });

  it('stops placing the page once the student scrolls it themselves', () => {
    const { router, go } = setUp();
    const stop = keepScrollPlaces(router);
    y = 700;
    go('other');
    window.dispatchEvent(new Event('touchstart'));
    drawFrames();
    expect(y).toBe(700);
    stop();
  });
});

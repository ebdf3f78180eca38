import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register-service-worker.ts';

// A server that never hands over /sw.js: every registration fails.
const registrations: number[] = [];
vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener() {}
    register() {
      registrations.push(Date.now());
      return Promise.reject(new Error('sw.js: 404'));
    }
  },
}));

describe('registering the service worker (docs/decisions/019-offline-caching.md)', () => {
  const serviceWorker = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');
  beforeAll(() => {
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: null },
    });
  });
  beforeEach(() => {
    registrations.length = 0;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  afterAll(() => {
    if (serviceWorker) Object.defineProperty(navigator, 'serviceWorker', serviceWorker);
    else Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('tries again after 10 s, twice as long each time, six times at most', async () => {
    registerServiceWorker();
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(registrations).toEqual([0, 10, 30, 70, 150, 310, 630].map((s) => s * 1000));
  });

  it('tries sooner when the phone is back online, once half the wait has passed, and the timer it replaced does not fire', async () => {
    registerServiceWorker();
    await vi.advanceTimersByTimeAsync(3_000);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(registrations).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(registrations).toEqual([0, 5_000]);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(registrations).toEqual([0, 5_000, 15_000]);
    // Back online after half the wait (20 of 40 s): at once. The next waits its whole 80 s.
    await vi.advanceTimersByTimeAsync(22_000);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(registrations).toEqual([0, 5_000, 15_000, 37_000]);
    await vi.advanceTimersByTimeAsync(79_999);
    expect(registrations).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(registrations).toEqual([0, 5_000, 15_000, 37_000, 117_000]);
    // The rest of the tries, so no listener of this test hears the next one's events.
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(registrations).toHaveLength(7);
  });

  it('keeps its tries for ten minutes when the phone flaps online every second', async () => {
    registerServiceWorker();
    for (let second = 1; second <= 10 * 60; second += 1) {
      await vi.advanceTimersByTimeAsync(1_000);
      window.dispatchEvent(new Event('online'));
    }
    // Each try no sooner than half its back-off after the last: the sixth and last near 5 min.
    expect(registrations).toEqual([0, 5, 15, 35, 75, 155, 315].map((s) => s * 1000));
  });
});

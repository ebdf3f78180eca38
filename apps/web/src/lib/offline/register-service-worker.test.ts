import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

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

// The web project's files share their modules (isolate: false): this file loads a copy of its
// own, on the mock.
const { registerServiceWorker } = (await import(
  `./register-service-worker.ts?${'on-a-mock'}`
)) as typeof import('./register-service-worker.ts');

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

  it('tries at once when the phone is back online, and the timer it replaced does not fire', async () => {
    registerServiceWorker();
    await vi.advanceTimersByTimeAsync(3_000);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(registrations).toEqual([0, 3_000]);
    // The next try is 20 s after that one, not the first timer's 10 s mark.
    await vi.advanceTimersByTimeAsync(19_000);
    expect(registrations).toEqual([0, 3_000]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(registrations).toEqual([0, 3_000, 23_000]);
  });
});

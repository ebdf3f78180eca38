import { LOCAL_DB_NAME, MESSAGES, obfuscate } from '@pasado/core/rules';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordAlerts } from '../../testing/alerts.ts';
import { fakeApi, networkDown } from '../../testing/fake-api.ts';
import { databases, db } from '../../testing/fake-idb.ts';
import { testQueryClient } from '../../testing/render.tsx';
import { DEVICE_CHECK_RETRY_MS, useDeviceCheck, whenItMayWork } from './use-device-check.ts';

// The phone's IndexedDB (happy-dom has none).
vi.mock('idb-keyval', () => import('../../testing/fake-idb.ts'));
// What a forced sign-out does with the offline data is end-session.test's.
vi.mock('../../lib/offline/clear-offline-data.ts', () => ({
  sendWaitingChanges: async () => undefined,
  forgetSignedOut: async () => undefined,
}));

const DEVICES = 'GET /api/me/devices';
const LOGOUT = 'POST /api/auth/logout';

function checking() {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  return renderHook(() => useDeviceCheck('student-a'), { wrapper });
}

/** The phone finding its connection: navigator.onLine changes, then the event fires. */
function backOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  window.dispatchEvent(new Event('online'));
}

afterEach(() => databases.clear());

// docs/product.md#single-device: a start with no local device id (the browser evicted IndexedDB
// and kept the cookie) and no connection left the check waiting for good: it set a result only
// when there was a local id, and nothing checked again once back online, so the live stream (its
// banners, status reloads and the device alert) never started on that page.
describe('the start-up device check', () => {
  it('with no local id and no connection, checks again once back online', async () => {
    const devices: { answer: unknown } = { answer: networkDown };
    const api = fakeApi({
      [DEVICES]: () => (devices.answer === networkDown ? networkDown() : devices.answer),
      [LOGOUT]: new Response(null, { status: 204 }),
    });
    const alerts = recordAlerts();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reloaded = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    const { result } = checking();
    await waitFor(() => expect(api.sentTo(DEVICES)).toHaveLength(1));
    // Offline the page goes on with what it kept (docs/offline.md); nothing is ended.
    expect(result.current).toEqual({ status: 'checking' });
    expect(alerts).toEqual([]);

    devices.answer = { currentDeviceUsed: 'phone-1', devices: [] };
    act(() => backOnline());
    await waitFor(() => expect(reloaded).toHaveBeenCalled());
    expect(alerts).toEqual([MESSAGES.INVALID_DEVICE]);
    expect(api.sentTo(LOGOUT)).toHaveLength(1);
  });

  // Online, a devices read that fails (a server error, a timeout) fires no online event: the
  // check waits a while instead, or it would never run again.
  it('with no local id, checks again when the read may work: back online, or a while later', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      const later = vi.fn();
      whenItMayWork(later);
      vi.advanceTimersByTime(DEVICE_CHECK_RETRY_MS - 1);
      expect(later).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(later).toHaveBeenCalledOnce();

      online.mockReturnValue(false);
      const whenBack = vi.fn();
      whenItMayWork(whenBack);
      vi.advanceTimersByTime(DEVICE_CHECK_RETRY_MS);
      expect(whenBack).not.toHaveBeenCalled();
      window.dispatchEvent(new Event('online'));
      expect(whenBack).toHaveBeenCalledOnce();

      const stopped = vi.fn();
      online.mockReturnValue(true);
      whenItMayWork(stopped)();
      vi.advanceTimersByTime(DEVICE_CHECK_RETRY_MS);
      expect(stopped).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('with a local id and no connection, leaves the check to the live stream', async () => {
    db(LOCAL_DB_NAME).set('deviceId', obfuscate('phone-1'));
    fakeApi({ [DEVICES]: networkDown });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { result } = checking();
    await waitFor(() => expect(result.current).toEqual({ status: 'ok', localDeviceId: 'phone-1' }));
  });
});

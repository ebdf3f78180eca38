import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useOnline } from './use-online.ts';

/** The phone losing or finding its connection: navigator.onLine changes, then the event fires. */
function connection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

// docs/product.md "App shell": the offline notice follows the connection.
describe('useOnline', () => {
  it('follows the browser going offline and back', () => {
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    act(() => connection(false));
    expect(result.current).toBe(false);
    act(() => connection(true));
    expect(result.current).toBe(true);
  });
});

import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * A key handler on the whole page that always sees the render it belongs to. The listener is added
 * once and calls the newest handler, which is swapped in as the render commits (a layout effect
 * runs before the browser can deliver the next key). Re-adding the listener in a plain effect
 * instead left the old one, with the previous card and its flipped state, in place until the next
 * paint (ADR 035): a key pressed at once was ignored, or rated the card already rated.
 */
export function useWindowKeydown(handler: (event: KeyboardEvent) => void): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => latest.current(event);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

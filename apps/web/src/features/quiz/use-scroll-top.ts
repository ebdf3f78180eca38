import { useEffect } from 'react';

/** A new item or the result starts at the top of the screen, not where the last one was scrolled. */
export function useScrollTopOn(key: unknown) {
  useEffect(() => {
    void key;
    window.scrollTo({ top: 0 });
  }, [key]);
}

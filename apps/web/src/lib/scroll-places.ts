import type { RouterState } from 'react-router';

type Subscribable = {
  state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
};

/** How many frames a place is tried again while the page below it is still being drawn. */
const RESTORE_FRAMES = 30;

/**
 * Where a screen opens on the phone: a link opens its page at the top, Back returns to where the
 * student was on the page it goes back to, and a navigation that only rewrites the page's query
 * (`preventScrollReset`: the study launcher's topic, the console's filters) stays where it is.
 * A link to a `#fragment` is the browser's to scroll.
 *
 * React Router's own ScrollRestoration places the page in a layout effect of the root, which Preact
 * commits before the outlet's new page: it scrolled the old page, and Back to quiz home stopped
 * where the shorter study launcher's end was. Here the place leaving is read when the router
 * changes location (the old page is still drawn), and the new place is set in the frame after the
 * new page is drawn, again for a few frames while its lower parts still come in.
 */
export function keepScrollPlaces(router: Subscribable): () => void {
  const places = new Map<string, number>();
  let current = router.state.location.key;
  let frame = 0;
  const place = (top: number, framesLeft: number) => {
    frame = requestAnimationFrame(() => {
      window.scrollTo({ top });
      if (Math.abs(window.scrollY - top) > 1 && framesLeft > 0) place(top, framesLeft - 1);
    });
  };
  const stopPlacing = () => cancelAnimationFrame(frame);
  // A student who scrolls while the page comes in has chosen their place.
  for (const event of ['wheel', 'touchstart', 'keydown'] as const) {
    window.addEventListener(event, stopPlacing, { passive: true });
  }
  const unsubscribe = router.subscribe((state) => {
    const { location, historyAction, preventScrollReset } = state;
    if (location.key === current) return;
    places.set(current, window.scrollY);
    current = location.key;
    stopPlacing();
    if (location.hash) return;
    if (historyAction === 'POP') place(places.get(location.key) ?? 0, RESTORE_FRAMES);
    else if (!preventScrollReset) place(0, 0);
  });
  return () => {
    unsubscribe();
    stopPlacing();
    for (const event of ['wheel', 'touchstart', 'keydown'] as const) {
      window.removeEventListener(event, stopPlacing);
    }
  };
}

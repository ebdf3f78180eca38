import { lazy, Suspense, useEffect, useState } from 'react';
import { icon } from '../../components/svg-icon.tsx';
import { onOpenMessageModal } from '../../lib/open-message-modal.ts';
import { prefetchWhenIdle } from '../../lib/prefetch-when-idle.ts';
import './message-button.css';

const MessageIcon = icon(<path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />);

// The modal and its form validation are a chunk of their own: the menu's first paint on slow data
// waits for neither. It is fetched once the page is idle, so opening it rarely waits.
const loadModal = () => import('./message-modal.tsx');
const MessageModal = lazy(() => loadModal().then((m) => ({ default: m.MessageModal })));

/** Scrolled less than this, the button stays as it is: a finger's jitter is not a direction. */
const SCROLL_SLACK_PX = 8;

/**
 * Whether the page is being scrolled down. The button sits over the content's right edge (a
 * figure, a Claim button), so it steps aside while the student reads on, and comes back as soon as
 * they scroll up or the page starts again at the top.
 */
function useScrollingDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < SCROLL_SLACK_PX && y > 0) return;
      setDown(y > last && y > 0);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return down;
}

/**
 * The small round button above the menu (docs/product.md#app-shell). It opens the send-us-a-message
 * modal; the account screen opens the same one through `openMessageModal()`.
 */
export function MessageButton() {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on: closing and its delayed reset work as they always did.
  const [used, setUsed] = useState(false);
  useEffect(
    () =>
      onOpenMessageModal(() => {
        setUsed(true);
        setOpen(true);
      }),
    [],
  );
  useEffect(() => prefetchWhenIdle([loadModal]), []);
  const aside = useScrollingDown();
  return (
    <>
      <button
        type="button"
        className="message-fab"
        data-aside={aside ? 'true' : undefined}
        aria-label="Send us a message"
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <MessageIcon />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <MessageModal open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

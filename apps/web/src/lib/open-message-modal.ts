/**
 * One send-us-a-message modal lives in the menu layout (docs/product.md#app-shell); other screens (the
 * account's "Send us a message") open that same modal through this event instead of a second copy.
 */
const OPEN_EVENT = 'pasado:open-message-modal';

export function openMessageModal(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

/** Calls `open` whenever a screen asks for the modal; returns the unsubscribe function. */
export function onOpenMessageModal(open: () => void): () => void {
  window.addEventListener(OPEN_EVENT, open);
  return () => window.removeEventListener(OPEN_EVENT, open);
}

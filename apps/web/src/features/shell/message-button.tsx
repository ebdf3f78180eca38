import { useEffect, useState } from 'react';
import { MessageModal } from '../messages/message-modal.tsx';
import { onOpenMessageModal } from '../messages/open-message-modal.ts';
import { MessageIcon } from './menu-icons.tsx';

/**
 * The small round button above the menu (SPEC §2 App shell). It opens the send-us-a-message
 * modal; the account screen opens the same one through `openMessageModal()`.
 */
export function MessageButton() {
  const [open, setOpen] = useState(false);
  useEffect(() => onOpenMessageModal(() => setOpen(true)), []);
  return (
    <>
      <button
        type="button"
        className="message-fab"
        aria-label="Send us a message"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <MessageIcon />
      </button>
      <MessageModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}

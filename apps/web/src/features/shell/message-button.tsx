import { useId, useRef } from 'react';
import { CloseIcon, MessageIcon } from './menu-icons.tsx';

/**
 * The small round button above the menu (SPEC §2 App shell). It opens the send-us-a-message modal;
 * the modal's slides arrive with the feedback issue, so for now the dialog says messaging opens soon.
 */
export function MessageButton() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  return (
    <>
      <button
        type="button"
        className="message-fab"
        aria-label="Send us a message"
        aria-haspopup="dialog"
        onClick={() => dialogRef.current?.showModal()}
      >
        <MessageIcon />
      </button>
      <dialog ref={dialogRef} className="dialog" aria-labelledby={headingId}>
        <div className="dialog__header">
          <h2 id={headingId} className="dialog__title">
            Send us a message
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label="Close"
            onClick={() => dialogRef.current?.close()}
          >
            <CloseIcon />
          </button>
        </div>
        <p className="dialog__text">Messaging opens soon.</p>
        <div className="dialog__actions">
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => dialogRef.current?.close()}
          >
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}

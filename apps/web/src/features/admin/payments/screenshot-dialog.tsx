import { useId } from 'react';
import { ModalDialog } from '../../../components/modal-dialog.tsx';

/** The payment screenshot at full size, with a link to open it on its own. */
export function ScreenshotDialog({
  shot,
  onClose,
}: {
  shot: { url: string; label: string } | null;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <ModalDialog
      open={shot !== null}
      className="dialog admin-dialog admin-dialog--image"
      labelledBy={titleId}
      onClose={onClose}
    >
      {shot ? (
        <>
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              Payment screenshot
            </h2>
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              Close
            </button>
          </div>
          <img className="admin-dialog__image" src={shot.url} alt={shot.label} />
          <a className="notice__link" href={shot.url} target="_blank" rel="noopener">
            Open in a new tab
          </a>
        </>
      ) : null}
    </ModalDialog>
  );
}

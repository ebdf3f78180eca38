import { type ReactNode, type SyntheticEvent, useEffect, useRef } from 'react';

/**
 * A native <dialog> shown as a modal while `open` (focus trap, Escape and the backdrop come from
 * the browser) and closed when `open` turns false; `labelledBy` names its title.
 */
export function ModalDialog({
  open,
  className,
  labelledBy,
  onClose,
  onCancel,
  children,
}: {
  open: boolean;
  className: string;
  labelledBy?: string;
  onClose?: () => void;
  onCancel?: (event: SyntheticEvent<HTMLDialogElement>) => void;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      onClose={onClose}
      onCancel={onCancel}
    >
      {children}
    </dialog>
  );
}

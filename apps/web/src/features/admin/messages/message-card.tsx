import type { StaffMessage } from '@pasado/core';
import { type ReactNode, useId, useState } from 'react';
import { Chip, type ChipTone } from '../../../components/chip.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { manilaDateTime } from '../../../lib/format.ts';
import { DisclosureButton } from '../admin-parts.tsx';
import { useUpdateMessage } from './update-message.ts';

const TYPE_TONES: Record<StaffMessage['messageType'], ChipTone> = {
  feedbacks: 'info',
  suggestions: 'warning',
  issues: 'danger',
};

export const TYPE_LABELS: Record<StaffMessage['messageType'], string> = {
  feedbacks: 'Feedback',
  suggestions: 'Suggestion',
  issues: 'Issue',
};

/**
 * One message (docs/product.md#entities user_messages): opening an unread message marks it read; staff can mark it
 * unread again, archive or unarchive it, and open the attachment (served to staff only).
 */
export function MessageCard({
  message,
  onChanged,
  onOpenedRead,
}: {
  message: StaffMessage;
  onChanged: (text: string) => void;
  /**
   * The list keeps a message read by opening it on screen (true, with the message as it now is);
   * false lets it go: the mark-read failed, or staff archived it.
   */
  onOpenedRead?: (message: StaffMessage, read: boolean) => void;
}) {
  const headingId = useId();
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const update = useUpdateMessage();
  const unread = message.status === 'unread';

  function change(
    body: { status?: 'read' | 'unread'; isArchive?: boolean },
    done?: string,
    saved?: () => void,
  ) {
    update.mutate(
      { id: message.id, body },
      {
        onSuccess: () => {
          saved?.();
          if (done) onChanged(done);
        },
        onError: (error) => onChanged(`Could not update the message. ${error.message}`),
      },
    );
  }

  const toggleRead = () =>
    change(
      { status: unread ? 'read' : 'unread' },
      unread ? 'Marked as read.' : 'Marked as unread.',
    );
  const toggleArchived = () =>
    change(
      { isArchive: !message.isArchive },
      message.isArchive ? 'Moved back to the inbox.' : 'Archived.',
      // An archived message leaves the inbox even if it was opened here.
      () => onOpenedRead?.(message, false),
    );

  function toggleOpen() {
    const next = !open;
    setOpen(next);
    if (!(next && unread)) return;
    // Told before the request: the list is refetched when it settles, and under the Unread filter
    // that answer no longer holds this message while staff are reading it.
    onOpenedRead?.({ ...message, status: 'read' }, true);
    update.mutate(
      { id: message.id, body: { status: 'read' } },
      {
        onSuccess: (saved) => onOpenedRead?.(saved, true),
        onError: (error) => {
          onOpenedRead?.(message, false);
          onChanged(`Could not update the message. ${error.message}`);
        },
      },
    );
  }

  return (
    <article
      className="admin-card message-card"
      aria-labelledby={headingId}
      data-unread={unread ? 'true' : undefined}
    >
      <header className="admin-card__head">
        <div className="admin-card__who">
          <h3 id={headingId} className="admin-card__title">
            {unread ? <span className="message-card__dot" aria-hidden="true" /> : null}
            {message.messageFromUserEmail}
          </h3>
          <p className="admin-card__meta">
            <time dateTime={message.submittedDate}>{manilaDateTime(message.submittedDate)}</time>
            <span aria-hidden="true"> · </span>
            {unread ? 'Unread' : 'Read'}
            {message.isArchive ? ' · Archived' : ''}
          </p>
        </div>
        <Chip tone={TYPE_TONES[message.messageType]}>{TYPE_LABELS[message.messageType]}</Chip>
      </header>

      <p id={bodyId} className="message-card__text" data-open={open ? 'true' : undefined}>
        {message.message}
      </p>

      {open && message.attachmentUrl ? (
        <a
          className="message-card__attachment"
          href={message.attachmentUrl}
          target="_blank"
          rel="noopener"
        >
          <img src={message.attachmentUrl} alt="" loading="lazy" decoding="async" />
          <span>Open attachment</span>
        </a>
      ) : null}
      {!open && message.attachment ? <p className="admin-card__meta">Has an attachment</p> : null}

      <div className="admin-card__actions">
        <DisclosureButton
          className="btn btn--secondary"
          open={open}
          controls={bodyId}
          onToggle={toggleOpen}
        >
          {open ? 'Close' : 'Open'}
        </DisclosureButton>
        <ChangeButton busy={update.isPending} onClick={toggleRead}>
          {unread ? 'Mark read' : 'Mark unread'}
        </ChangeButton>
        <ChangeButton busy={update.isPending} onClick={toggleArchived}>
          {update.isPending ? <Spinner size="sm" /> : null}
          {message.isArchive ? 'Unarchive' : 'Archive'}
        </ChangeButton>
      </div>
    </article>
  );
}

/** A button that changes the message, held while a change is on its way. */
function ChangeButton({
  busy,
  onClick,
  children,
}: {
  busy: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="btn btn--ghost" disabled={busy} onClick={onClick}>
      {children}
    </button>
  );
}

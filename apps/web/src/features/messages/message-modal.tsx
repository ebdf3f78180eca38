import {
  clampMessage,
  MESSAGE_MAX_LENGTH,
  MESSAGE_TYPES,
  MESSAGES,
  type MessageType,
  MODAL_RESET_DELAY_MS,
  remainingMessageChars,
  validateAttachment,
} from '@pasado/core/rules';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../components/spinner.tsx';
import { icon } from '../../components/svg-icon.tsx';
import { TextareaField } from '../../components/textarea-field.tsx';
import { notify } from '../../lib/notify.ts';
import { sendMessage } from './send-message.ts';
import './messages.css';

type Slide = 1 | 2 | 3;

type FormState = {
  slide: Slide;
  messageType: MessageType | null;
  text: string;
  image: File | null;
  error: string | null;
};

const EMPTY: FormState = { slide: 1, messageType: null, text: '', image: null, error: null };

const TYPE_HINTS: Record<MessageType, string> = {
  feedbacks: 'Tell us what you think of Pasado.',
  suggestions: 'An idea that would help you review.',
  issues: 'Something is wrong or not working.',
};

const CloseIcon = icon(<path d="M6 6l12 12M18 6L6 18" />);

const ImageIcon = icon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 16l-5-5-9 9" />
  </>,
);

/** A preview URL for the chosen image, revoked when the image changes or the modal unmounts. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * The send-us-a-message modal (docs/product.md#screens): slide 1 picks Feedback, Suggestion or Submit Issue;
 * slide 2 is a 6-row text area limited to 500 characters with a remaining counter (further input
 * is ignored), an optional image with preview and remove (images only, ≤ 5 MB), Back and Send;
 * slide 3 thanks and closes. The form resets 500 ms after closing. A failed send stays on slide 2
 * with an error and keeps everything typed.
 */
export function MessageModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<FormState>(EMPTY);
  const [sending, setSending] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const textId = useId();
  const counterId = useId();
  const imageHintId = useId();
  const preview = usePreviewUrl(form.image);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // Reopened before the 500 ms reset ran: start from a clean form now.
      if (resetTimer.current !== undefined) {
        clearTimeout(resetTimer.current);
        resetTimer.current = undefined;
        setForm(EMPTY);
      }
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const handleClosed = () => {
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => {
      resetTimer.current = undefined;
      setForm(EMPTY);
    }, MODAL_RESET_DELAY_MS);
    onClose();
  };

  const label = MESSAGE_TYPES.find((t) => t.value === form.messageType)?.label ?? '';
  const remaining = remainingMessageChars(form.text);
  const canSend = form.messageType !== null && form.text.trim() !== '' && !sending;

  const chooseType = (messageType: MessageType) =>
    setForm((f) => ({ ...f, messageType, slide: 2, error: null }));

  const changeText = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const text = clampMessage(event.target.value);
    setForm((f) => ({ ...f, text }));
  };

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    const problem = validateAttachment(file);
    if (problem === MESSAGES.FILE_TOO_LARGE) {
      notify(MESSAGES.FILE_TOO_LARGE);
      return;
    }
    setForm((f) => ({ ...f, image: problem ? f.image : file, error: problem }));
  };

  const removeImage = () => {
    setForm((f) => ({ ...f, image: null, error: null }));
    fileInputRef.current?.focus();
  };

  const send = async () => {
    if (!canSend || form.messageType === null) return;
    setSending(true);
    setForm((f) => ({ ...f, error: null }));
    const outcome = await sendMessage({
      messageType: form.messageType,
      message: form.text,
      image: form.image,
    });
    setSending(false);
    setForm((f) => (outcome.ok ? { ...f, slide: 3 } : { ...f, error: outcome.message }));
  };

  return (
    <dialog
      ref={dialogRef}
      className="dialog message-modal"
      aria-labelledby={headingId}
      data-slide={form.slide}
      onClose={handleClosed}
      onCancel={(event) => {
        // Escape must not close the modal under a send in flight.
        if (sending) event.preventDefault();
      }}
    >
      <div className="dialog__header">
        <h2 id={headingId} className="dialog__title">
          {form.slide === 2 ? label : 'Send us a message'}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Close"
          onClick={() => dialogRef.current?.close()}
          disabled={sending}
        >
          <CloseIcon />
        </button>
      </div>

      <p className="message-modal__steps" aria-live="polite">
        Step {form.slide} of 3
      </p>

      {form.slide === 1 ? (
        <div className="message-modal__slide">
          <p className="dialog__text">What would you like to send?</p>
          <ul className="message-types">
            {MESSAGE_TYPES.map((type) => (
              <li key={type.value}>
                <button
                  type="button"
                  className="option-button message-type"
                  aria-pressed={form.messageType === type.value}
                  onClick={() => chooseType(type.value)}
                >
                  <span className="message-type__label">{type.label}</span>
                  <span className="message-type__hint">{TYPE_HINTS[type.value]}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {form.slide === 2 ? (
        <form
          className="message-modal__slide"
          aria-busy={sending}
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <TextareaField
            id={textId}
            label="Your message"
            rows={6}
            maxLength={MESSAGE_MAX_LENGTH}
            value={form.text}
            onChange={changeText}
            aria-describedby={counterId}
            disabled={sending}
            required
          >
            <p
              id={counterId}
              className={`message-modal__counter${remaining === 0 ? ' is-full' : ''}`}
              aria-live="polite"
            >
              {remaining} {remaining === 1 ? 'character' : 'characters'} left
            </p>
          </TextareaField>

          <div className="message-image stack">
            {form.image && preview ? (
              <figure className="message-image__preview">
                <img src={preview} alt="Preview of your attachment" />
                <figcaption className="message-image__name">{form.image.name}</figcaption>
                <button
                  type="button"
                  className="btn btn--ghost message-image__remove"
                  onClick={removeImage}
                  disabled={sending}
                >
                  Remove image
                </button>
              </figure>
            ) : (
              <label className="message-image__pick">
                <input
                  ref={fileInputRef}
                  type="file"
                  accept="image/*"
                  className="visually-hidden"
                  onChange={chooseImage}
                  aria-describedby={imageHintId}
                  disabled={sending}
                />
                <ImageIcon className="message-image__icon" />
                <span>Attach an image (optional)</span>
              </label>
            )}
            <p id={imageHintId} className="fieldset__hint">
              Images only, up to 5 MB.
            </p>
          </div>

          <div role="alert" className="message-modal__error">
            {form.error ? <p className="form-error">{form.error}</p> : null}
          </div>

          <div className="message-modal__actions">
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => setForm((f) => ({ ...f, slide: 1, error: null }))}
              disabled={sending}
            >
              {MESSAGES.BACK}
            </button>
            <button type="submit" className="btn btn--primary" disabled={!canSend}>
              {sending ? <Spinner size="sm" /> : null}
              {sending ? 'Sending…' : MESSAGES.SEND}
            </button>
          </div>
        </form>
      ) : null}

      {form.slide === 3 ? (
        <div className="message-modal__slide message-modal__thanks">
          <div className="icon-disc message-modal__check" aria-hidden="true">
            ✓
          </div>
          <p role="status">{MESSAGES.MESSAGE_THANKS}</p>
          <div className="dialog__actions">
            <button
              type="button"
              className="btn btn--primary btn--block"
              onClick={() => dialogRef.current?.close()}
            >
              {MESSAGES.CLOSE}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

import { MESSAGES, validateAttachment } from '@pasado/core';
import { useEffect, useId, useRef, useState } from 'react';
import { notify } from '../../lib/notify.ts';

/**
 * The screenshot proof (docs/product.md#validation: image files only, at most 5 MB — 'File too large. Maximum size is
 * 5 MB.' is an alert, docs/product.md#errors), with a preview and a way to remove it.
 */
export function ScreenshotField({
  file,
  onChange,
  disabled,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (picked: File | null) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!picked) return;
    const message = validateAttachment(picked);
    if (message === MESSAGES.FILE_TOO_LARGE) {
      setProblem(null);
      notify(message);
      return;
    }
    setProblem(message);
    if (message === null) onChange(picked);
  };

  return (
    <div className="field">
      <label htmlFor={inputId} className="field__label">
        Screenshot of the payment
      </label>
      <p id={hintId} className="fieldset__hint">
        An image of the receipt showing the amount, the date and the recipient. At most 5 MB.
      </p>
      {file && previewUrl ? (
        <figure className="shot">
          <img className="shot__image" src={previewUrl} alt="Preview of your payment screenshot" />
          <figcaption className="shot__caption row-spread">
            <span className="shot__name">{file.name}</span>
            <button
              type="button"
              className="btn btn--ghost shot__remove"
              onClick={() => onChange(null)}
              disabled={disabled}
            >
              Remove
            </button>
          </figcaption>
        </figure>
      ) : null}
      <input
        ref={inputRef}
        id={inputId}
        className={file ? 'visually-hidden' : 'file-input'}
        type="file"
        accept="image/*"
        aria-describedby={hintId}
        disabled={disabled}
        onChange={(event) => pick(event.target.files?.[0] ?? null)}
      />
      {file ? (
        <label htmlFor={inputId} className="btn btn--secondary shot__replace">
          Choose another image
        </label>
      ) : null}
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

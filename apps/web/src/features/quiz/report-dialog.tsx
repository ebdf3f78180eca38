import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { TextareaField } from '../../components/textarea-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { reportContentDenied } from '../../lib/content-denied.ts';
import { useClaims } from '../../lib/session/get-claims.ts';
import { reportItem } from './api/attempts.ts';
import { rememberReported } from './offline-lite.ts';

/**
 * "Report an item as wrong" (issue 4): a small dialog with the reason. The item goes to the staff
 * queue and leaves the student's own quizzes at once, offline ones too (issue 21 finding 2);
 * everyone's once enough students report it or staff hold it.
 */
export function ReportButton({ reviewer, questionId }: { reviewer: string; questionId: string }) {
  const [open, setOpen] = useState(false);
  // Per item: the quiz screens keep this button while the student moves to the next item.
  const [reportedId, setReportedId] = useState<string | null>(null);
  const done = reportedId === questionId;
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost quiz-tool"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        disabled={done}
      >
        {done ? 'Reported' : 'Report'}
      </button>
      {open ? (
        <ReportDialog
          reviewer={reviewer}
          questionId={questionId}
          onClose={(sent) => {
            setOpen(false);
            if (sent) setReportedId(questionId);
          }}
        />
      ) : null}
    </>
  );
}

function ReportDialog({
  reviewer,
  questionId,
  onClose,
}: {
  reviewer: string;
  questionId: string;
  onClose: (sent: boolean) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'error'>('idle');
  const [error, setError] = useState('');
  const titleId = useId();
  const reasonId = useId();
  const uid = useClaims().data?.uid ?? null;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim() || state === 'sending') return;
    setState('sending');
    try {
      await reportItem(reviewer, questionId, reason.trim());
      // Out of this student's offline quizzes too, at once.
      if (uid) rememberReported(uid, questionId);
      setState('sent');
    } catch (caught) {
      reportContentDenied(caught);
      setError(
        caught instanceof ApiError && caught.status < 500
          ? caught.message
          : 'We could not send your report. Check your connection and try again.',
      );
      setState('error');
    }
  };

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onClose={() => onClose(state === 'sent')}
    >
      <h2 id={titleId} className="dialog__title">
        Report this item
      </h2>
      {state === 'sent' ? (
        <>
          <p className="dialog__text quiz-report__done" role="status">
            Thank you. Our team will check this item; it stays out of your quizzes until then.
          </p>
          <div className="dialog__actions">
            <button type="button" className="btn btn--primary" onClick={() => ref.current?.close()}>
              Done
            </button>
          </div>
        </>
      ) : (
        <form className="quiz-report" onSubmit={submit}>
          <TextareaField
            id={reasonId}
            label="What is wrong with it?"
            rows={4}
            maxLength={500}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            placeholder="For example: the key should be B because…"
          />
          <div role="alert">{state === 'error' ? <p className="form-error">{error}</p> : null}</div>
          <div className="dialog__actions quiz-report__actions">
            <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
              Cancel
            </button>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={!reason.trim() || state === 'sending'}
            >
              {state === 'sending' ? 'Sending…' : 'Send report'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

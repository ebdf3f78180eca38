import {
  ADMIN_MESSAGES,
  type ReviewItem,
  STAFF_REASON_MAX,
  type StaffAction,
  staffReasonSchema,
} from '@pasado/core';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { peso } from '../../../lib/format.ts';
import { useStaffAction } from './apply-staff-action.ts';
import { ACTION_LABELS, STATUS_LABELS } from './labels.ts';

export interface ActionTarget {
  item: ReviewItem;
  action: StaffAction;
}

/**
 * Confirms one staff action with its required reason (issue 3 item 6). The reason stays in the
 * form when the request fails, so nothing typed is lost on a flaky connection.
 */
export function ActionDialog({
  target,
  onClose,
  onDone,
}: {
  target: ActionTarget | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const mutation = useStaffAction();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const reasonId = useId();
  const hintId = useId();
  const errorId = useId();

  if (target === null) return <ModalDialog open={false} className="dialog admin-dialog" />;
  const { item, action } = target;
  const labels = ACTION_LABELS[action];
  const destructive = action === 'suspend' || action === 'revoke';

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = staffReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.REASON_REQUIRED);
      return;
    }
    setProblem(null);
    mutation.mutate(
      {
        subscriptionId: item.subscriptionId,
        body: { action, reason: parsed.data, expectedStatus: item.status },
      },
      {
        onSuccess: (result) => {
          onDone(`${item.student.email}: ${STATUS_LABELS[result.status]}.`);
          onClose();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  }

  const shownError = problem;
  return (
    <ModalDialog
      open
      className="dialog admin-dialog"
      labelledBy={titleId}
      onClose={onClose}
      onCancel={(event) => {
        if (mutation.isPending) event.preventDefault();
      }}
    >
      <form className="admin-dialog__form" onSubmit={submit} noValidate>
        <h2 id={titleId} className="dialog__title">
          {labels.title}
        </h2>
        <p className="dialog__text">
          {item.student.email} · {item.plan?.name ?? 'Unknown plan'} · {peso(item.amount.recorded)}
          <br />
          Now {STATUS_LABELS[item.status]}.
        </p>
        <TextareaField
          id={reasonId}
          label="Reason"
          className="admin-textarea"
          rows={3}
          maxLength={STAFF_REASON_MAX}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (problem) setProblem(null);
          }}
          required
          aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
          aria-invalid={shownError ? true : undefined}
          placeholder="e.g. GCash statement shows the transfer"
        >
          <p id={hintId} className="fieldset__hint">
            Kept in the audit log with your name and the time.
          </p>
        </TextareaField>
        <FormError id={errorId}>{shownError}</FormError>
        <div className="admin-dialog__actions">
          <button
            type="button"
            className="btn btn--ghost"
            onClick={onClose}
            disabled={mutation.isPending}
          >
            Cancel
          </button>
          <button
            type="submit"
            className={`btn ${destructive ? 'btn--danger' : 'btn--primary'}`}
            disabled={mutation.isPending}
          >
            {mutation.isPending ? <Spinner size="sm" /> : null}
            {labels.confirm}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
